import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';

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
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const shown = missing ? t('security.passwordRequired') : error;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setMissing(!password);
    if (password) onSubmit(password);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="grid gap-4">
      <fieldset disabled={pending} className="grid min-w-0 gap-4 sm:max-w-sm">
        <FormField id={id} label={t('security.password')} hint={t('security.passwordHint')} error={shown}>
          <Input
            id={id}
            type="password"
            autoComplete="current-password"
            autoFocus
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...fieldAria(id, shown)}
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
