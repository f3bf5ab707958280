import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_FORM_MESSAGES, passwordConfirmationSchema, type PasswordConfirmation } from '#shared/auth-password.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { call } from '#web/lib/api.ts';
import { localizeError } from '#web/lib/server-message.ts';

/**
 * The "Confirm your password" dialog of one request (password-confirmation-host.tsx mounts a fresh one
 * for each, loaded on the first): `finish(true)` once the server accepted the password.
 */
export function PasswordConfirmationDialog({ open, finish }: { open: boolean; finish: (confirmed: boolean) => void }) {
  const { t } = useTranslation('common');
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: pending },
  } = useForm<PasswordConfirmation>({
    resolver: zodResolver(passwordConfirmationSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { password: '' },
  });
  const message = errors.password?.message;
  // The schema's English "required" has this dialog's own text; the server's message comes translated.
  const error = message === PASSWORD_FORM_MESSAGES.passwordRequired ? t('passwordConfirmation.required') : message;

  const onSubmit = async ({ password }: PasswordConfirmation) => {
    try {
      await call('POST /api/me/password-confirmation', { body: { password } });
      finish(true);
    } catch (failure) {
      setError('password', { message: localizeError(failure, 'common') });
    }
  };

  const field = `${id}-password`;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && !next && finish(false)}>
      <DialogContent className="max-w-md" closeLabel={t('close')}>
        <DialogTitle>{t('passwordConfirmation.title')}</DialogTitle>
        <DialogDescription>{t('passwordConfirmation.description')}</DialogDescription>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
          <FormField id={field} label={t('passwordConfirmation.label')} error={error}>
            <Input
              id={field}
              type="password"
              autoComplete="current-password"
              autoFocus
              disabled={pending}
              {...register('password')}
              {...fieldAria(field, error)}
            />
          </FormField>
          <DialogActions cancelLabel={t('passwordConfirmation.cancel')} pending={pending}>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <>
                  <Spinner className="text-primary-foreground" /> {t('passwordConfirmation.pending')}
                </>
              ) : (
                t('passwordConfirmation.confirm')
              )}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
