import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSite } from '#web/lib/site.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { authErrorMessage } from '../utils/auth-message.ts';

/** A sign-in refused because the e-mail is not confirmed yet: says so, and mails a new link on request. */
export function ConfirmationNeeded({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const { data: site } = useSite();
  const resend = useResendConfirmation();

  return (
    <Notice variant="info" title={t('unconfirmed.title')}>
      <p>
        <RichText text={t('unconfirmed.text', { email })} components={{ strong: <strong className="font-semibold" /> }} />
      </p>
      {resend.isSuccess ? (
        <p className="mt-2 flex items-start gap-2 font-medium text-emerald-200">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {t('unconfirmed.sent', { email })}
        </p>
      ) : null}
      {resend.isError ? (
        <p role="alert" className="mt-2 font-medium text-red-200">
          {t('unconfirmed.failed', { message: authErrorMessage(resend.error) })}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="button" variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
          {resend.isPending ? (
            <>
              <Spinner /> {t('unconfirmed.sending')}
            </>
          ) : (
            t('unconfirmed.resend')
          )}
        </Button>
        {site?.devMailbox && resend.isSuccess ? (
          <a href="/dev/mailbox" className="font-semibold text-violet-200 underline underline-offset-4 hover:text-white">
            {t('page.devMailbox')}
          </a>
        ) : null}
      </div>
    </Notice>
  );
}
