import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { SignupRole } from '#shared/auth.ts';
import { signUpFormSchema, type SignUpForm as SignUpValues } from '#shared/auth-forms.ts';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { ApiError } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useSignUp } from '../api/sign-up.ts';
import { authErrorMessage, authMessage } from '../utils/auth-message.ts';

const PASSWORD_ERROR_CODES = new Set(['invalid_password', 'password_too_common', 'password_too_short', 'password_too_long']);

/** Full name, email, password twice and a role; validated by the shared signUpFormSchema. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const signUp = useSignUp();
  const { t } = useTranslation('auth');
  const roleOptions: { value: SignupRole; label: string; hint: string }[] = [
    { value: 'creator', label: t('signup.creator'), hint: t('signup.creatorHint') },
    { value: 'user', label: t('signup.user'), hint: t('signup.userHint') },
    { value: 'company', label: t('signup.company'), hint: t('signup.companyHint') },
  ];
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

  const onSubmit = async ({ name, email, password, role }: SignUpValues) => {
    try {
      await signUp.mutateAsync({ name, email, password, role });
      showToast({
        title: t('toasts.confirmationTitle'),
        description: t('toasts.confirmation'),
        variant: 'success',
        duration: 10_000,
      });
      onSignedUp(email);
    } catch (error) {
      // A password the server refuses is said under the field; a toast would only repeat it.
      if (error instanceof ApiError && PASSWORD_ERROR_CODES.has(error.code)) setError('password', { message: error.message });
      else showToast({ title: t('toasts.signupFailed'), description: authErrorMessage(error), variant: 'error' });
    }
  };

  const fieldErrors = {
    name: authMessage(errors.name?.message),
    email: authMessage(errors.email?.message),
    password: authMessage(errors.password?.message),
    confirmPassword: authMessage(errors.confirmPassword?.message),
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('signup.formLabel')}>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <FormField id="signup-name" label={t('fields.fullName')} error={fieldErrors.name}>
          <Input
            id="signup-name"
            autoComplete="name"
            placeholder={t('fields.namePlaceholder')}
            {...fieldAria('signup-name', fieldErrors.name)}
            {...register('name')}
          />
        </FormField>
        <FormField id="signup-email" label={t('fields.email')} error={fieldErrors.email}>
          <Input
            id="signup-email"
            type="email"
            autoComplete="email"
            placeholder={t('fields.emailPlaceholder')}
            {...fieldAria('signup-email', fieldErrors.email)}
            {...register('email')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="signup-password" label={t('fields.password')} error={fieldErrors.password}>
            <Input
              id="signup-password"
              type="password"
              autoComplete="new-password"
              {...fieldAria('signup-password', fieldErrors.password)}
              // After a submit, the confirmation is checked again as the password changes: a match clears its message.
              {...register('password', { deps: 'confirmPassword' })}
            />
          </FormField>
          <FormField id="signup-confirm-password" label={t('fields.confirmPassword')} error={fieldErrors.confirmPassword}>
            <Input
              id="signup-confirm-password"
              type="password"
              autoComplete="new-password"
              {...fieldAria('signup-confirm-password', fieldErrors.confirmPassword)}
              {...register('confirmPassword')}
            />
          </FormField>
        </div>
        <div className="grid gap-2">
          <span id="signup-role-label" className="text-sm font-medium">
            {t('signup.role')}
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
                {roleOptions.map((option) => {
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
        <SubmitButton size="lg" className="mt-1 w-full" pending={isSubmitting} pendingLabel={t('signup.submitting')}>
          {t('signup.submit')}
        </SubmitButton>
      </fieldset>
    </form>
  );
}
