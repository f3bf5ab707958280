import { Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { refundLeftCents } from '#shared/sales.ts';
import { refundAmountTextProblem } from '#shared/sales-refund.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { formatMoney } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useAmountDialogForm } from '#web/lib/use-amount-dialog-form.ts';
import { useRefundSale } from '../api/refund-sale.ts';
import type { CreatorSale } from '../api/types.ts';

/**
 * Refund: the amount to give back, all that is left to start with. A part leaves the buyer's download
 * and license key working; refunding what is left stops them.
 */
export function RefundSaleDialog({ sale }: { sale: CreatorSale }) {
  const { t } = useTranslation('sales');
  const id = useId();
  const refund = useRefundSale();
  const leftCents = refundLeftCents(sale);
  const form = useAmountDialogForm({
    startCents: leftCents,
    currency: sale.currency,
    problemOf: (amount) => refundAmountTextProblem(amount, leftCents, sale.currency),
    namespace: 'orders',
    pending: refund.isPending,
  });

  const onSubmit = async ({ amountCents }: { amountCents: number }) => {
    if (refund.isPending) return;
    try {
      const { sale: refunded } = await refund.mutateAsync({ id: sale.id, amountCents });
      form.close();
      const values = { name: sale.productName, amount: formatMoney(amountCents, sale.currency) };
      showToast(
        refunded.status === 'refunded'
          ? { title: t('history.refundedTitle'), description: t('history.refundedBody', values), variant: 'success' }
          : { title: t('history.partlyRefundedTitle'), description: t('history.partlyRefundedBody', values), variant: 'success' },
      );
    } catch (error) {
      form.failWith(localizeError(error, 'orders', t('orders:card.unexpected')));
    }
  };

  const description = {
    name: sale.productName,
    email: sale.buyerEmail,
    amount: formatMoney(sale.amountCents, sale.currency),
    refunded: formatMoney(sale.refundedCents, sale.currency),
  };
  return (
    <Dialog open={form.open} onOpenChange={form.openWith}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('history.refundLabel', { name: sale.productName, email: sale.buyerEmail })}>
          <Undo2 aria-hidden="true" /> {t('history.refund')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('history.refundTitle')}</DialogTitle>
        <DialogDescription>
          {sale.refundedCents > 0 ? t('history.refundDescriptionPartly', description) : t('history.refundDescription', description)}
        </DialogDescription>
        <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} aria-label={t('history.refundTitle')}>
          <fieldset disabled={refund.isPending} className="grid min-w-0 gap-4">
            <FormField
              id={`${id}-amount`}
              label={t('history.refundAmount')}
              error={form.amountError}
              hint={t('history.refundAmountHint', { left: formatMoney(leftCents, sale.currency) })}
            >
              <Input id={`${id}-amount`} inputMode={form.inputMode} autoComplete="off" {...fieldAria(`${id}-amount`, form.amountError)} {...form.amountField} />
            </FormField>
            {form.serverError ? <Notice variant="error">{form.serverError}</Notice> : null}
            <DialogActions cancelLabel={t('history.cancel')} pending={refund.isPending}>
              <SubmitButton variant="destructive" pending={refund.isPending} pendingLabel={t('history.refunding')}>
                {t('history.confirmRefund')}
              </SubmitButton>
            </DialogActions>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
