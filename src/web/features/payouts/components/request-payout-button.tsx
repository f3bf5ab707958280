import { Send } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { splitTitledMessage } from '#shared/invoices.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRequestPayout } from '../api/request-payout.ts';
import { formatMoney } from '#web/lib/format.ts';
import { billingError } from '../utils/messages.ts';

/**
 * Request Payout: one Idempotency-Key per request the creator means to make. It is kept until the
 * server answers, so a retry after a lost answer cannot make a second payout.
 */
export function RequestPayoutButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('billing');
  const request = useRequestPayout();
  const key = useRef<string | null>(null);

  const onClick = async () => {
    if (request.isPending) return;
    key.current ??= crypto.randomUUID();
    try {
      const { payout } = await request.mutateAsync(key.current);
      key.current = null;
      showToast({ title: t('payouts.requested'), description: t('payouts.requestedText', { amount: formatMoney(payout.amountCents) }), variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) key.current = null; // a definite answer
      const { title, description } = splitTitledMessage(billingError(error));
      showToast({ title, description: description || undefined, variant: 'error' });
    }
  };

  return (
    <Button size="lg" onClick={() => void onClick()} disabled={disabled || request.isPending}>
      {request.isPending ? <Spinner className="text-primary-foreground" /> : <Send aria-hidden="true" />}
      {request.isPending ? t('payouts.requesting') : t('payouts.request')}
    </Button>
  );
}
