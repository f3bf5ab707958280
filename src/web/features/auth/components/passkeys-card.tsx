import { zodResolver } from '@hookform/resolvers/zod';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Fingerprint, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX, passkeyNameFormSchema, TWO_FACTOR_MESSAGE_PARAMS, TWO_FACTOR_MESSAGES, type PasskeyNameForm } from '#shared/auth-two-factor.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { formatDate } from '#web/lib/format.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { showToast } from '#web/lib/toast.ts';
import { useAddPasskey } from '../api/add-passkey.ts';
import { useDeletePasskey } from '../api/delete-passkey.ts';
import { usePasskeys, type Passkey } from '../api/get-passkeys.ts';
import { securityErrorMessage } from '../utils/security-errors.ts';


/** Passkeys in Settings: the list, adding one on this device, removing one. */
export function PasskeysCard() {
  const { t } = useTranslation('auth');
  const { data: passkeys, isPending, isError, error, refetch, isFetching } = usePasskeys();
  const supported = browserSupportsWebAuthn();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Fingerprint aria-hidden="true" className="size-5 text-brand-soft" /> {t('security.passkeysTitle')}
        </CardTitle>
        <CardDescription>{t('security.passkeysDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {supported ? <AddPasskeyForm /> : <Notice variant="info">{t('securityErrors.passkeyUnsupported')}</Notice>}
        {isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t('security.loadingPasskeys')}
          </p>
        ) : isError ? (
          <Notice variant="error" title={t('security.passkeysFailed')}>
            <p>{securityErrorMessage(error)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
              {t('security.tryAgain')}
            </Button>
          </Notice>
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('security.noPasskeys')}</p>
        ) : (
          <ul aria-label={t('security.passkeysTitle')} className="divide-y divide-border rounded-lg border border-border">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function AddPasskeyForm() {
  const { t } = useTranslation('auth');
  const id = useId();
  const add = useAddPasskey();
  const { register, handleSubmit, reset } = useForm<PasskeyNameForm>({
    resolver: zodResolver(passkeyNameFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { name: '' },
  });

  // A refused name is told like the server's refusal, in a toast.
  const onInvalid = (found: FieldErrors<PasskeyNameForm>) =>
    showToast({ title: t('security.passkeyAddFailed'), description: fieldMessage(found.name?.message, 'auth', TWO_FACTOR_MESSAGES, TWO_FACTOR_MESSAGE_PARAMS), variant: 'error' });

  const submit = async ({ name }: PasskeyNameForm) => {
    if (add.isPending) return;
    try {
      await add.mutateAsync(name);
      reset();
      showToast({ title: t('security.passkeyAdded'), description: t('security.passkeyAddedText'), variant: 'success' });
    } catch (error) {
      showToast({ title: t('security.passkeyAddFailed'), description: securityErrorMessage(error), variant: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)} aria-label={t('security.addPasskey')}>
      <fieldset disabled={add.isPending} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField id={id} label={t('security.passkeyName')} className="min-w-0 flex-1">
          <Input id={id} maxLength={PASSKEY_NAME_MAX} autoComplete="off" placeholder={t('security.passkeyNamePlaceholder')} {...register('name')} />
        </FormField>
        <SubmitButton pending={add.isPending} pendingLabel={t('security.addingPasskey')}>
          {t('security.addPasskey')}
        </SubmitButton>
      </fieldset>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('auth');
  const remove = useDeletePasskey();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const name = passkey.name || t('security.unnamed');

  const confirm = async () => {
    setError(undefined);
    try {
      await remove.mutateAsync(passkey.id);
      setOpen(false);
      showToast({ title: t('security.passkeyRemoved'), variant: 'success' });
    } catch (failure) {
      setError(securityErrorMessage(failure));
    }
  };

  return (
    <li className="flex items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="truncate font-medium">{name}</p>
        <p className="text-xs text-muted-foreground">
          {t('security.addedOn', { date: formatDate(passkey.createdAt) })}
          {passkey.deviceType === 'multiDevice' ? ` · ${t('security.synced')}` : ''}
        </p>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(undefined);
        }}
        trigger={
          <Button variant="outline" size="sm" aria-label={t('security.removeLabel', { name })}>
            <Trash2 aria-hidden="true" /> <span className="hidden sm:inline">{t('security.remove')}</span>
          </Button>
        }
        title={t('security.removeTitle', { name })}
        description={t('security.removeText')}
        error={error}
        cancelLabel={t('security.cancel')}
        confirmLabel={t('security.remove')}
        pendingLabel={t('security.removing')}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
        closeLabel={t('security.close')}
      />
    </li>
  );
}
