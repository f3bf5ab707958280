import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { showToast } from '#web/lib/toast.ts';
import { useProcessPayout, type PayoutAction } from '../api/process-payout.ts';
import type { AdminPayout } from '../api/types.ts';
import { formatMoney } from '#web/lib/format.ts';
import { billingError } from '../utils/messages.ts';

/** Mark Completed / Mark Failed, each confirmed first: money has moved (or has not) outside the platform. */
export function ProcessPayoutDialog({ payout, action }: { payout: AdminPayout; action: PayoutAction }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const process = useProcessPayout();
  const values = { amount: formatMoney(payout.amountCents, payout.currency), name: payout.creatorName, method: payout.methodLabel };
  const complete = action === 'complete';

  const confirm = () =>
    process.mutate(
      { id: payout.id, action },
      {
        onSuccess: () => {
          setOpen(false);
          showToast({ title: complete ? t('transactions.completedToast') : t('transactions.failedToast'), description: t('transactions.processedText', values), variant: 'success' });
        },
      },
    );

  const label = complete ? t('transactions.markCompleted') : t('transactions.markFailed');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) process.reset();
      }}
      trigger={
        <Button
          variant={complete ? 'outline' : 'ghost'}
          size="sm"
          className={complete ? undefined : 'text-red-300 hover:bg-red-950/50 hover:text-red-200'}
          aria-label={t(complete ? 'transactions.markCompletedFor' : 'transactions.markFailedFor', values)}
        >
          {complete ? <CheckCircle2 aria-hidden="true" /> : <XCircle aria-hidden="true" />}
          <span aria-hidden="true">{label}</span>
        </Button>
      }
      title={complete ? t('transactions.completeTitle') : t('transactions.failTitle')}
      description={complete ? t('transactions.completeText', values) : t('transactions.failText', values)}
      error={process.isError ? billingError(process.error) : undefined}
      cancelLabel={t('transactions.cancel')}
      confirmLabel={label}
      pendingLabel={label}
      pending={process.isPending}
      tone={complete ? 'default' : 'destructive'}
      onConfirm={confirm}
    />
  );
}
