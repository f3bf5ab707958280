import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { AUTH_MESSAGES, signUpFormSchema, type SignUpForm as SignUpValues, type SignupRole } from '#shared/auth.ts';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useSignUp } from '../api/sign-up.ts';

const ROLE_OPTIONS: { value: SignupRole; label: string; hint: string }[] = [
  { value: 'creator', label: 'Creator', hint: 'Sell products and run a storefront' },
  { value: 'user', label: 'User', hint: 'Discover and buy digital goods' },
  { value: 'company', label: 'Company', hint: 'Post jobs and hire creators' },
];

const PASSWORD_ERROR_CODES = new Set(['invalid_password', 'password_too_common', 'password_too_short', 'password_too_long']);

/** Full name, email, password twice and a role; validated by the shared signUpFormSchema. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const signUp = useSignUp();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signUpFormSchema>, unknown, SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', role: 'creator' },
  });

  // The spec's password toasts, besides the inline messages.
  const onInvalid = (invalid: FieldErrors<z.input<typeof signUpFormSchema>>) => {
    if (invalid.confirmPassword?.message === AUTH_MESSAGES.passwordMismatch) {
      showToast({ title: AUTH_MESSAGES.passwordMismatchTitle, description: AUTH_MESSAGES.passwordMismatch, variant: 'error' });
    } else if (invalid.password?.message === AUTH_MESSAGES.passwordTooShort) {
      showToast({ title: AUTH_MESSAGES.passwordTooShortTitle, description: AUTH_MESSAGES.passwordTooShort, variant: 'error' });
    }
  };

  const onSubmit = async ({ name, email, password, role }: SignUpValues) => {
    try {
      await signUp.mutateAsync({ name, email, password, role });
      showToast({
        title: AUTH_MESSAGES.confirmationTitle,
        description: AUTH_MESSAGES.confirmation,
        variant: 'success',
        duration: 10_000,
      });
      onSignedUp(email);
    } catch (error) {
      if (error instanceof ApiError && PASSWORD_ERROR_CODES.has(error.code)) {
        setError('password', { message: error.message });
      }
      showToast({ title: 'Signup Failed', description: errorMessage(error), variant: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} aria-label="Sign up">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <FormField id="signup-name" label="Full Name" error={errors.name?.message}>
          <Input
            id="signup-name"
            autoComplete="name"
            placeholder="Ada Lovelace"
            {...fieldAria('signup-name', errors.name?.message)}
            {...register('name')}
          />
        </FormField>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          <Input
            id="signup-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...fieldAria('signup-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="signup-password" label="Password" error={errors.password?.message}>
            <Input
              id="signup-password"
              type="password"
              autoComplete="new-password"
              {...fieldAria('signup-password', errors.password?.message)}
              {...register('password')}
            />
          </FormField>
          <FormField id="signup-confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
            <Input
              id="signup-confirm-password"
              type="password"
              autoComplete="new-password"
              {...fieldAria('signup-confirm-password', errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
          </FormField>
        </div>
        <div className="grid gap-2">
          <span id="signup-role-label" className="text-sm font-medium">
            I am a
          </span>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby="signup-role-label"
                value={field.value}
                onValueChange={(value) => field.onChange(value as SignupRole)}
                disabled={isSubmitting}
                className="grid grid-cols-1 gap-2 sm:grid-cols-3"
              >
                {ROLE_OPTIONS.map((option) => {
                  const id = `signup-role-${option.value}`;
                  const checked = field.value === option.value;
                  return (
                    <div
                      key={option.value}
                      className={cn(
                        'flex items-start gap-3 rounded-lg border border-input p-3 transition-colors',
                        checked && 'border-primary bg-primary/10',
                      )}
                    >
                      <RadioGroupItem id={id} value={option.value} aria-describedby={`${id}-hint`} className="mt-0.5" />
                      <div className="grid gap-1">
                        <Label htmlFor={id} className="cursor-pointer">
                          {option.label}
                        </Label>
                        <span id={`${id}-hint`} className="text-xs leading-snug text-muted-foreground">
                          {option.hint}
                        </span>
                      </div>
                    </div>
                  );
                })}
              </RadioGroup>
            )}
          />
        </div>
        <SubmitButton size="lg" className="mt-1 w-full" pending={isSubmitting} pendingLabel="Creating Account...">
          Create Account
        </SubmitButton>
      </fieldset>
    </form>
  );
}
