import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '#shared/auth.ts';
import { passwordConfirmationSchema, PASSWORD_FORM_MESSAGES, type PasswordConfirmation } from '#shared/auth-password.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { authMessage } from '../utils/auth-message.ts';

/** The password typed again before a change to two-factor sign-in (the server checks it). */
export function PasswordStep({
  label,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordConfirmation>({ resolver: zodResolver(passwordConfirmationSchema), reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: { password: '' } });
  // The shared check's message, else the server's answer from the parent.
  const shown = errors.password?.message === PASSWORD_FORM_MESSAGES.passwordRequired ? t('security.passwordRequired') : (authMessage(errors.password?.message) ?? error);

  const submit = ({ password }: PasswordConfirmation) => {
    if (!pending) onSubmit(password);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={label} className="grid gap-4">
      <fieldset disabled={pending} className="grid min-w-0 gap-4 sm:max-w-sm">
        <FormField id={id} label={t('security.password')} hint={t('security.passwordHint')} error={shown}>
          <Input
            id={id}
            type="password"
            autoComplete="current-password"
            autoFocus
            maxLength={PASSWORD_MAX}
            {...fieldAria(id, shown)}
            {...register('password')}
          />
        </FormField>
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('security.cancel')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
