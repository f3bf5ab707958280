import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passwordConfirmationSchema, PASSWORD_FORM_MESSAGES, type PasswordConfirmation } from '#shared/auth-password.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** Delete my account, confirmed with my password: storefront and products go, sales records stay for the buyers. */
export function DeleteAccountCard() {
  const { t } = useTranslation('profiles');
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordConfirmation>({ resolver: zodResolver(passwordConfirmationSchema), reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: { password: '' } });
  const message = errors.password?.message;
  const error = message === PASSWORD_FORM_MESSAGES.passwordRequired ? t('settings.delete.passwordRequired') : message;

  const onSubmit = async ({ password }: PasswordConfirmation) => {
    try {
      await deleteAccount.mutateAsync(password);
      showToast({ title: t('settings.delete.done'), description: t('settings.delete.doneDescription'), variant: 'success' });
      void navigate('/', { replace: true });
    } catch (failure) {
      setError('password', { message: localizeError(failure, 'profiles', t('settings.delete.failed')) });
    }
  };

  return (
    <Card className="border-red-500/40">
      <CardHeader>
        <CardTitle className="text-red-300">{t('settings.delete.title')}</CardTitle>
        <CardDescription>{t('settings.delete.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (deleteAccount.isPending) return;
            setOpen(next);
            reset();
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" /> {t('settings.delete.open')}
            </Button>
          </DialogTrigger>
          <DialogContent role="alertdialog" className="max-w-md">
            <DialogTitle>{t('settings.delete.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('settings.delete.confirmDescription')}</DialogDescription>
            <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
              <FormField id={`${id}-password`} label={t('settings.delete.password')} error={error}>
                <Input
                  id={`${id}-password`}
                  type="password"
                  autoComplete="current-password"
                  disabled={deleteAccount.isPending}
                  {...fieldAria(`${id}-password`, error)}
                  {...register('password')}
                />
              </FormField>
              <DialogActions cancelLabel={t('settings.delete.cancel')} pending={deleteAccount.isPending}>
                <Button type="submit" variant="destructive" disabled={deleteAccount.isPending}>
                  {deleteAccount.isPending ? (
                    <>
                      <Spinner className="text-white" /> {t('settings.delete.deleting')}
                    </>
                  ) : (
                    <>
                      <Trash2 aria-hidden="true" /> {t('settings.delete.confirm')}
                    </>
                  )}
                </Button>
              </DialogActions>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
