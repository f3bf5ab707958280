import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { API_KEY_MESSAGE_PARAMS, API_KEY_MESSAGES, API_KEY_NAME_MAX, createApiKeySchema } from '#shared/api-keys.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key.ts';

type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** Names and creates a key; the parent shows the new key once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation('api-keys');
  const id = useId();
  const inputId = `${id}-name`;
  const createKey = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeySchema), reValidateMode: 'onSubmit', defaultValues: { name: '' } });
  const error = fieldMessage(errors.name?.message, 'api-keys', API_KEY_MESSAGES, API_KEY_MESSAGE_PARAMS);

  const onSubmit = async ({ name }: CreateApiKeyInput) => {
    try {
      onCreated(await createKey.mutateAsync(name));
      reset();
    } catch (failure) {
      setError('name', { message: localizeError(failure, 'api-keys', t('common.unexpected')) });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('create.formLabel')}>
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id={inputId} label={t('create.nameLabel')} error={error} hint={t('create.nameHint')} className="flex-1">
          <Input
            id={inputId}
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX + 20}
            placeholder={t('create.namePlaceholder')}
            {...fieldAria(inputId, error)}
            {...register('name')}
          />
        </FormField>
        <Button type="submit" className="sm:mt-7">
          {isSubmitting ? (
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
