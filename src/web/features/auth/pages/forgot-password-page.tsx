import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useSite } from '#web/lib/site.ts';
import { showToast } from '#web/lib/toast.ts';
import {
  requestPasswordResetInputSchema,
  useRequestPasswordReset,
  type RequestPasswordResetInput,
} from '../api/request-password-reset.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { authErrorMessage, authMessage } from '../utils/auth-message.ts';
import { Notice } from '#web/components/notice.tsx';

/** /auth/forgot-password: mails a reset link; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.pageTitle'));
  const { data: site } = useSite();
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetInputSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: RequestPasswordResetInput) => {
    try {
      await requestReset.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      showToast({ title: t('toasts.requestFailed'), description: authErrorMessage(error), variant: 'error' });
    }
  };

  const emailError = authMessage(errors.email?.message);

  return (
    <AuthShell title={t('forgot.title')} description={t('forgot.lead')}>
      <Card>
        <CardContent className="grid gap-5 p-6 sm:p-8">
          {sentTo ? (
            <Notice variant="success" title={t('forgot.sentTitle')}>
              <p>
                <RichText text={t('forgot.sent', { email: sentTo })} components={{ strong: <strong className="font-semibold" /> }} />
              </p>
              {site?.devMailbox ? (
                <p className="mt-2">
                  <a href="/dev/mailbox" className="font-semibold text-emerald-100 underline underline-offset-4 hover:text-white">
                    {t('page.devMailbox')}
                  </a>
                </p>
              ) : null}
            </Notice>
          ) : null}
          <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('forgot.formLabel')}>
            <fieldset disabled={isSubmitting} className="grid gap-4">
              <FormField id="forgot-email" label={t('fields.email')} error={emailError}>
                <Input
                  id="forgot-email"
                  type="email"
                  autoComplete="email"
                  placeholder={t('fields.emailPlaceholder')}
                  {...fieldAria('forgot-email', emailError)}
                  {...register('email')}
                />
              </FormField>
              <SubmitButton size="lg" className="w-full" pending={isSubmitting} pendingLabel={t('forgot.submitting')}>
                {t('forgot.submit')}
              </SubmitButton>
            </fieldset>
          </form>
          <Button asChild variant="link" className="justify-self-center">
            <Link to="/auth" state={{ defaultTab: 'login' }}>
              <ArrowLeft aria-hidden="true" /> {t('forgot.back')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
