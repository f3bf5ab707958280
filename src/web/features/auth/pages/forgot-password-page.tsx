import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useSite } from '#web/lib/site.ts';
import { showToast } from '#web/lib/toast.ts';
import {
  requestPasswordResetInputSchema,
  useRequestPasswordReset,
  type RequestPasswordResetInput,
} from '../api/request-password-reset.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { Notice } from '#web/components/notice.tsx';

/** /auth/forgot-password: mails a reset link; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
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
      showToast({ title: 'Request Failed', description: errorMessage(error), variant: 'error' });
    }
  };

  return (
    <AuthShell title="Forgot your password?" description="Enter your email and we will send you a link to choose a new one.">
      <Card>
        <CardContent className="grid gap-5 p-6 sm:p-8">
          {sentTo ? (
            <Notice variant="success" title="Check your inbox">
              <p>
                If an account exists for <strong className="font-semibold">{sentTo}</strong>, we have sent a link to reset its
                password. The link is valid for one hour.
              </p>
              {site?.devMailbox ? (
                <p className="mt-2">
                  <a href="/dev/mailbox" className="font-semibold text-emerald-100 underline underline-offset-4 hover:text-white">
                    Open the dev mailbox
                  </a>
                </p>
              ) : null}
            </Notice>
          ) : null}
          <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Request a password reset">
            <fieldset disabled={isSubmitting} className="grid gap-4">
              <FormField id="forgot-email" label="Email" error={errors.email?.message}>
                <Input
                  id="forgot-email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  {...fieldAria('forgot-email', errors.email?.message)}
                  {...register('email')}
                />
              </FormField>
              <SubmitButton size="lg" className="w-full" pending={isSubmitting} pendingLabel="Sending...">
                Send Reset Link
              </SubmitButton>
            </fieldset>
          </form>
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
