import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_NAME_MAX } from '#shared/api-keys.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key.ts';

/** Names and creates a key; the parent shows the new key once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation('apiKeys');
  const id = useId();
  const inputId = `${id}-name`;
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const createKey = useCreateApiKey();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createKey.isPending) return;
    const trimmed = name.trim();
    const problem = !trimmed ? t('create.nameRequired') : trimmed.length > API_KEY_NAME_MAX ? t('create.nameTooLong', { max: API_KEY_NAME_MAX }) : undefined;
    if (problem) {
      setError(problem);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(undefined);
    try {
      onCreated(await createKey.mutateAsync(trimmed));
      setName('');
    } catch (failure) {
      setError(localizeError(failure, 'apiKeys', t('common.unexpected')));
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('create.formLabel')}>
      <fieldset disabled={createKey.isPending} className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id={inputId} label={t('create.nameLabel')} error={error} hint={t('create.nameHint')} className="flex-1">
          <Input
            id={inputId}
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX + 20}
            placeholder={t('create.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            {...fieldAria(inputId, error)}
          />
        </FormField>
        <Button type="submit" className="sm:mt-7">
          {createKey.isPending ? (
            <>
              <Spinner className="text-primary-foreground" /> {t('create.creating')}
            </>
          ) : (
            <>
              <KeyRound aria-hidden="true" /> {t('create.submit')}
            </>
          )}
        </Button>
      </fieldset>
    </form>
  );
}
