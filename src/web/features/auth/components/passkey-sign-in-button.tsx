import { Fingerprint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { showToast } from '#web/lib/toast.ts';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.ts';
import { securityErrorMessage } from '../utils/security-errors.ts';

/** "Sign in with a passkey": the browser offers the passkeys saved for this site; no e-mail to type. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const { t } = useTranslation('auth');
  const signIn = useSignInWithPasskey();

  const onClick = async () => {
    try {
      onSignedIn(await signIn.mutateAsync());
    } catch (error) {
      showToast({ title: t('passkey.failed'), description: securityErrorMessage(error), variant: 'error' });
    }
  };

  return (
    <Button type="button" variant="outline" size="lg" className="w-full" disabled={signIn.isPending} onClick={() => void onClick()}>
      {signIn.isPending ? <Spinner /> : <Fingerprint aria-hidden="true" />}
      {signIn.isPending ? t('passkey.signingIn') : t('passkey.signIn')}
    </Button>
  );
}
