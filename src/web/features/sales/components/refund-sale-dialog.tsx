import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#shared/commerce.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRefundSale } from '../api/refund-sale.ts';
import type { CreatorSale } from '../api/types.ts';

/** Refund with a confirmation: the buyer's download stops working. */
export function RefundSaleDialog({ sale }: { sale: CreatorSale }) {
  const { t, i18n } = useTranslation('commerce');
  const [open, setOpen] = useState(false);
  const refund = useRefundSale();
  const amount = formatMoney(sale.amountCents, i18n.language);
  const confirm = () =>
    refund.mutate(sale.id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: t('sales.refundedTitle'), description: t('sales.refundedBody', { name: sale.productName, amount }), variant: 'success' });
      },
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !refund.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('sales.refundLabel', { name: sale.productName, email: sale.buyerEmail })}>
          <Undo2 aria-hidden="true" /> {t('sales.refund')}
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>{t('sales.refundTitle')}</DialogTitle>
        <DialogDescription>{t('sales.refundDescription', { name: sale.productName, amount, email: sale.buyerEmail })}</DialogDescription>
        {refund.isError ? (
          <p role="alert" className="text-sm text-red-300">
            {localizeError(refund.error, 'commerce', t('card.unexpected'))}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={refund.isPending}>
              {t('sales.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? (
              <>
                <Spinner className="text-white" /> {t('sales.refunding')}
              </>
            ) : (
              t('sales.confirmRefund')
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
