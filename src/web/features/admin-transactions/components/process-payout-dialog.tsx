import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { showToast } from '#web/lib/toast.ts';
import { useProcessPayout, type PayoutAction } from '../api/process-payout.ts';
import type { AdminPayout } from '../api/types.ts';
import { money } from '../utils/format.ts';
import { billingError } from '../utils/messages.ts';

/** Mark Completed / Mark Failed, each confirmed first: money has moved (or has not) outside the platform. */
export function ProcessPayoutDialog({ payout, action }: { payout: AdminPayout; action: PayoutAction }) {
  const { t } = useTranslation('billing');
  const [open, setOpen] = useState(false);
  const process = useProcessPayout();
  const values = { amount: money(payout.amountCents), name: payout.creatorName, method: payout.methodLabel };
  const complete = action === 'complete';

  const confirm = () =>
    process.mutate(
      { id: payout.id, action },
      {
        onSuccess: () => {
          setOpen(false);
          showToast({ title: complete ? t('admin.completedToast') : t('admin.failedToast'), description: t('admin.processedText', values), variant: 'success' });
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (process.isPending) return;
        setOpen(next);
        if (next) process.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant={complete ? 'outline' : 'ghost'}
          size="sm"
          className={complete ? undefined : 'text-red-300 hover:bg-red-950/50 hover:text-red-200'}
          aria-label={t(complete ? 'admin.markCompletedFor' : 'admin.markFailedFor', values)}
        >
          {complete ? <CheckCircle2 aria-hidden="true" /> : <XCircle aria-hidden="true" />}
          <span aria-hidden="true">{complete ? t('admin.markCompleted') : t('admin.markFailed')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>{complete ? t('admin.completeTitle') : t('admin.failTitle')}</DialogTitle>
        <DialogDescription>{complete ? t('admin.completeText', values) : t('admin.failText', values)}</DialogDescription>
        {process.isError ? <Notice variant="error">{billingError(process.error)}</Notice> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={process.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button variant={complete ? 'default' : 'destructive'} onClick={confirm} disabled={process.isPending}>
            {process.isPending ? <Spinner className="text-white" /> : null}
            {complete ? t('admin.markCompleted') : t('admin.markFailed')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
