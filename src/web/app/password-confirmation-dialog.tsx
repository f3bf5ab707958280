import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { call, errorMessage } from '#web/lib/api.ts';

/**
 * The "Confirm your password" dialog of one request (password-confirmation-host.tsx mounts a fresh one
 * for each, loaded on the first): `finish(true)` once the server accepted the password.
 */
export function PasswordConfirmationDialog({ open, finish }: { open: boolean; finish: (confirmed: boolean) => void }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setError(t('passwordConfirmation.required'));
      return;
    }
    setPending(true);
    try {
      await call('POST /api/me/password-confirmation', { body: { password } });
      finish(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const field = `${id}-password`;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && !next && finish(false)}>
      <DialogContent className="max-w-md" closeLabel={t('close')}>
        <DialogTitle>{t('passwordConfirmation.title')}</DialogTitle>
        <DialogDescription>{t('passwordConfirmation.description')}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField id={field} label={t('passwordConfirmation.label')} error={error}>
            <Input
              id={field}
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              disabled={pending}
              onChange={(event) => setPassword(event.target.value)}
              {...fieldAria(field, error)}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={pending}>
                {t('passwordConfirmation.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <>
                  <Spinner className="text-primary-foreground" /> {t('passwordConfirmation.pending')}
                </>
              ) : (
                t('passwordConfirmation.confirm')
              )}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
