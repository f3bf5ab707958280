import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { resetPasswordFormSchema, useResetPassword, type ResetPasswordForm } from '../api/reset-password.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { authErrorMessage, authMessage } from '../utils/auth-message.ts';
import { Notice } from '#web/components/notice.tsx';

/** /auth/reset-password?token=…: choose a new password (same length rules as sign-up). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.pageTitle'));
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = async ({ newPassword }: ResetPasswordForm) => {
    if (!token) return;
    try {
      await resetPassword.mutateAsync({ newPassword, token });
      showToast({ title: t('toasts.passwordUpdated'), description: t('toasts.passwordUpdatedText'), variant: 'success' });
      void navigate('/auth', { replace: true, state: { defaultTab: 'login' } });
    } catch (error) {
      // A password the server refuses is said under the field; a toast would only repeat it.
      if (error instanceof ApiError && error.status === 400 && /password/i.test(error.code)) setError('newPassword', { message: error.message });
      else showToast({ title: t('toasts.resetFailed'), description: authErrorMessage(error), variant: 'error' });
    }
  };

  const invalidLink = !token || Boolean(linkError);
  const newPasswordError = authMessage(errors.newPassword?.message);
  const confirmPasswordError = authMessage(errors.confirmPassword?.message);

  return (
    <AuthShell title={t('reset.title')} description={t('reset.lead')}>
      <Card>
        <CardContent className="grid gap-5 p-6 sm:p-8">
          {invalidLink ? (
            <>
              <Notice variant="error" title={t('reset.invalidTitle')}>
                {t('reset.invalid')}
              </Notice>
              <Button asChild size="lg" className="w-full">
                <Link to="/auth/forgot-password">{t('reset.requestNew')}</Link>
              </Button>
            </>
          ) : (
            <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('reset.formLabel')}>
              <fieldset disabled={isSubmitting} className="grid gap-4">
                <FormField id="reset-new-password" label={t('fields.newPassword')} error={newPasswordError}>
                  <Input
                    id="reset-new-password"
                    type="password"
                    autoComplete="new-password"
                    {...fieldAria('reset-new-password', newPasswordError)}
                    {...register('newPassword', { deps: 'confirmPassword' })}
                  />
                </FormField>
                <FormField id="reset-confirm-password" label={t('fields.confirmPassword')} error={confirmPasswordError}>
                  <Input
                    id="reset-confirm-password"
                    type="password"
                    autoComplete="new-password"
                    {...fieldAria('reset-confirm-password', confirmPasswordError)}
                    {...register('confirmPassword')}
                  />
                </FormField>
                <SubmitButton size="lg" className="w-full" pending={isSubmitting} pendingLabel={t('reset.submitting')}>
                  {t('reset.submit')}
                </SubmitButton>
              </fieldset>
            </form>
          )}
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
