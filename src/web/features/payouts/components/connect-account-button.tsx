import { ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useConnectPayoutAccount } from '../api/connect-payout-account.ts';
import { billingError } from '../utils/messages.ts';

/**
 * "Connect payout account" (or "Finish setup"): asks for the provider's onboarding link (the password
 * again if it was typed more than ten minutes ago) and goes there. Disabled with a spinner until the
 * browser leaves; back from the provider with the browser's Back button it is ready again.
 */
export function ConnectAccountButton({ label, variant = 'default' }: { label: string; variant?: 'default' | 'outline' }) {
  const { t } = useTranslation('payouts');
  const connect = useConnectPayoutAccount();
  const { reset } = connect;
  const leaving = connect.isPending || connect.isSuccess;

  useEffect(() => {
    // A page restored from the back/forward cache still shows the spinner it left with.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);

  return (
    <div className="grid gap-3">
      <div>
        <Button variant={variant} disabled={leaving} onClick={() => connect.mutate()}>
          {leaving ? <Spinner className={variant === 'default' ? 'text-primary-foreground' : undefined} /> : <ExternalLink aria-hidden="true" />} {label}
        </Button>
      </div>
      {connect.isError ? (
        <Notice variant="error" title={t('account.connectFailed')}>
          {billingError(connect.error)}
        </Notice>
      ) : null}
    </div>
  );
}
