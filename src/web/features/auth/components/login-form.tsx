import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { signInInputSchema, useSignIn, type SignInInput } from '../api/sign-in.ts';

/** Email + password; on success hands the signed-in user to `onSignedIn` (which toasts and redirects). */
export function LoginForm({ defaultEmail = '', onSignedIn }: { defaultEmail?: string; onSignedIn: (user: CurrentUser) => void }) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = async (values: SignInInput) => {
    try {
      const user = await signIn.mutateAsync(values);
      onSignedIn(user);
    } catch (error) {
      showToast({ title: 'Login Failed', description: errorMessage(error), variant: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Log in">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...fieldAria('login-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            autoFocus={Boolean(defaultEmail)}
            {...fieldAria('login-password', errors.password?.message)}
            {...register('password')}
          />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-soft underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton size="lg" className="w-full" pending={isSubmitting} pendingLabel="Logging In...">
          Log In
        </SubmitButton>
      </fieldset>
    </form>
  );
}
