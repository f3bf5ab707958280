import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGE_PARAMS, AUTH_MESSAGES, PASSWORD_MAX } from '#shared/auth.ts';
import { changePasswordFormSchema, PASSWORD_FORM_MESSAGES, type ChangePasswordForm } from '#shared/auth-password.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (through better-auth): the current one, then the new one twice; other sessions end. */
export function ChangePasswordCard() {
  const { t } = useTranslation('profiles');
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: EMPTY });
  const errorOf = (name: keyof ChangePasswordForm) => {
    const message = errors[name]?.message;
    return message === PASSWORD_FORM_MESSAGES.currentRequired ? t('settings.password.currentRequired') : fieldMessage(message, 'profiles', AUTH_MESSAGES, AUTH_MESSAGE_PARAMS);
  };

  const onSubmit = async ({ currentPassword, newPassword }: ChangePasswordForm) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      showToast({ title: t('settings.password.changed'), description: t('settings.password.changedDescription'), variant: 'success' });
    } catch (error) {
      const message = localizeError(error, 'profiles', t('settings.password.failed'));
      setError('currentPassword', { message });
      showToast({ title: t('settings.password.failed'), description: message, variant: 'error' });
    }
  };

  const field = (name: keyof ChangePasswordForm, label: string, autoComplete: string) => (
    <FormField id={fieldId(name)} label={label} error={errorOf(name)}>
      <Input
        id={fieldId(name)}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX}
        {...fieldAria(fieldId(name), errorOf(name))}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-brand-soft" /> {t('settings.password.title')}
        </CardTitle>
        <CardDescription>{t('settings.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('settings.password.title')}>
          <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4 sm:grid-cols-3">
            {field('currentPassword', t('settings.password.current'), 'current-password')}
            {field('newPassword', t('settings.password.new'), 'new-password')}
            {field('confirmPassword', t('settings.password.confirm'), 'new-password')}
            <div className="sm:col-span-3">
              <SubmitButton pending={isSubmitting} pendingLabel={t('settings.password.saving')}>
                {t('settings.password.submit')}
              </SubmitButton>
            </div>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
