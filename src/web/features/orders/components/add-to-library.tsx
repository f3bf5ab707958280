import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useLibraryLink } from '../api/get-receipt.ts';

/**
 * "Add to my library" on a receipt: the account of the receipt's address is made or opened by a
 * sign-in link mailed to it (no password); signed in as that address already, nothing to do.
 */
export function AddToLibrary({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('orders');
  const { data: user } = useCurrentUser();
  const send = useLibraryLink(token);
  const signedInAsBuyer = user?.email.toLowerCase() === email.toLowerCase();
  // Signed in with the receipt's address, the purchase is in their library already (the page links it).
  if (signedInAsBuyer) return null;
  return (
    <Card className="grid gap-3 p-6">
      <h2 className="text-lg font-semibold">{t('addToLibrary.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('addToLibrary.body', { email })}</p>
      {user ? <p className="text-sm text-muted-foreground">{t('addToLibrary.otherAccount', { email: user.email })}</p> : null}
      {send.isSuccess ? (
        <Notice variant="success" title={t('addToLibrary.sentTitle')}>
          {t('addToLibrary.sent', { email })}
        </Notice>
      ) : null}
      {send.isError ? <Notice variant="error">{localizeError(send.error, 'orders')}</Notice> : null}
      <div>
        <SubmitButton pending={send.isPending} pendingLabel={t('resend.sending')} onClick={() => send.mutate()}>
          <Mail aria-hidden="true" /> {send.isSuccess ? t('addToLibrary.again') : t('addToLibrary.submit')}
        </SubmitButton>
      </div>
    </Card>
  );
}
