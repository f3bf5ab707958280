import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#web/lib/format.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRefundSale } from '../api/refund-sale.ts';
import type { CreatorSale } from '../api/types.ts';

/** Refund with a confirmation: the buyer's download stops working. */
export function RefundSaleDialog({ sale }: { sale: CreatorSale }) {
  const { t } = useTranslation('sales');
  const [open, setOpen] = useState(false);
  const refund = useRefundSale();
  const amount = formatMoney(sale.amountCents);
  const confirm = () =>
    refund.mutate(sale.id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: t('history.refundedTitle'), description: t('history.refundedBody', { name: sale.productName, amount }), variant: 'success' });
      },
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" aria-label={t('history.refundLabel', { name: sale.productName, email: sale.buyerEmail })}>
          <Undo2 aria-hidden="true" /> {t('history.refund')}
        </Button>
      }
      title={t('history.refundTitle')}
      description={t('history.refundDescription', { name: sale.productName, amount, email: sale.buyerEmail })}
      error={refund.isError ? localizeError(refund.error, 'orders', t('orders:card.unexpected')) : undefined}
      cancelLabel={t('history.cancel')}
      confirmLabel={t('history.confirmRefund')}
      pendingLabel={t('history.refunding')}
      pending={refund.isPending}
      onConfirm={confirm}
    />
  );
}
