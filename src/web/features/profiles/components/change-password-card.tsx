import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGES, passwordLengthProblem, PASSWORD_MAX } from '#shared/auth.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (through better-auth): the current one, then the new one twice; other sessions end. */
export function ChangePasswordCard() {
  const { t } = useTranslation('settings');
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const changePassword = useChangePassword();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changePassword.isPending) return;
    const found: typeof errors = {};
    if (!values.currentPassword) found.currentPassword = t('password.currentRequired');
    const problem = passwordLengthProblem(values.newPassword);
    if (problem) found.newPassword = localizeMessage(problem, 'settings');
    else if (values.newPassword !== values.confirmPassword) found.confirmPassword = localizeMessage(AUTH_MESSAGES.passwordMismatch, 'settings');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await changePassword.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      showToast({ title: t('password.changed'), description: t('password.changedDescription'), variant: 'success' });
    } catch (error) {
      const message = localizeError(error, 'settings', t('password.failed'));
      setErrors({ currentPassword: message });
      showToast({ title: t('password.failed'), description: message, variant: 'error' });
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <FormField id={fieldId(name)} label={label} error={errors[name]}>
      <Input
        id={fieldId(name)}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        {...fieldAria(fieldId(name), errors[name])}
      />
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-brand-soft" /> {t('password.title')}
        </CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label={t('password.title')}>
          <fieldset disabled={changePassword.isPending} className="grid min-w-0 gap-4 sm:grid-cols-3">
            {field('currentPassword', t('password.current'), 'current-password')}
            {field('newPassword', t('password.new'), 'new-password')}
            {field('confirmPassword', t('password.confirm'), 'new-password')}
            <div className="sm:col-span-3">
              <SubmitButton pending={changePassword.isPending} pendingLabel={t('password.saving')}>
                {t('password.submit')}
              </SubmitButton>
            </div>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
