import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { resetPasswordFormSchema, useResetPassword, type ResetPasswordForm } from '../api/reset-password.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { Notice } from '#web/components/notice.tsx';

/** /auth/reset-password?token=…: choose a new password (same length rules as sign-up). */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
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

  const onInvalid = (invalid: FieldErrors<ResetPasswordForm>) => {
    if (invalid.confirmPassword?.message === AUTH_MESSAGES.passwordMismatch) {
      showToast({ title: AUTH_MESSAGES.passwordMismatchTitle, description: AUTH_MESSAGES.passwordMismatch, variant: 'error' });
    } else if (invalid.newPassword?.message === AUTH_MESSAGES.passwordTooShort) {
      showToast({ title: AUTH_MESSAGES.passwordTooShortTitle, description: AUTH_MESSAGES.passwordTooShort, variant: 'error' });
    }
  };

  const onSubmit = async ({ newPassword }: ResetPasswordForm) => {
    if (!token) return;
    try {
      await resetPassword.mutateAsync({ newPassword, token });
      showToast({ title: 'Password Updated', description: 'Your password has been changed. You can now log in.', variant: 'success' });
      void navigate('/auth', { replace: true, state: { defaultTab: 'login' } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && /password/i.test(error.code)) {
        setError('newPassword', { message: error.message });
      }
      showToast({ title: 'Reset Failed', description: errorMessage(error), variant: 'error' });
    }
  };

  const invalidLink = !token || Boolean(linkError);

  return (
    <AuthShell title="Choose a new password" description="Enter your new password twice to finish resetting it.">
      <Card>
        <CardContent className="grid gap-5 p-6 sm:p-8">
          {invalidLink ? (
            <>
              <Notice variant="error" title="Reset link not valid">
                This password reset link is invalid or has expired. Please request a new one.
              </Notice>
              <Button asChild size="lg" className="w-full">
                <Link to="/auth/forgot-password">Request a new link</Link>
              </Button>
            </>
          ) : (
            <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} aria-label="Reset password">
              <fieldset disabled={isSubmitting} className="grid gap-4">
                <FormField id="reset-new-password" label="New Password" error={errors.newPassword?.message}>
                  <Input
                    id="reset-new-password"
                    type="password"
                    autoComplete="new-password"
                    {...fieldAria('reset-new-password', errors.newPassword?.message)}
                    {...register('newPassword')}
                  />
                </FormField>
                <FormField id="reset-confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
                  <Input
                    id="reset-confirm-password"
                    type="password"
                    autoComplete="new-password"
                    {...fieldAria('reset-confirm-password', errors.confirmPassword?.message)}
                    {...register('confirmPassword')}
                  />
                </FormField>
                <SubmitButton size="lg" className="w-full" pending={isSubmitting} pendingLabel="Resetting...">
                  Reset Password
                </SubmitButton>
              </fieldset>
            </form>
          )}
          <Button asChild variant="link" className="justify-self-center">
            <Link to="/auth" state={{ defaultTab: 'login' }}>
              <ArrowLeft aria-hidden="true" /> Back to login
            </Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
