import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { amountInputProps, type Currency, decimalAmount } from '#shared/money.ts';
import { PRODUCT_FILE_MAX_BYTES, PRODUCT_MESSAGES } from '#shared/products.ts';
import type { OwnVersion } from '#shared/products-api.ts';
import { VERSION_MESSAGE_PARAMS, VERSION_MESSAGES, versionFormSchema } from '#shared/products-versions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { isApiError } from '#web/lib/api.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { formatBytes } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSaveVersion } from '../api/save-version.ts';

type Fields = z.input<typeof versionFormSchema>;
const fileClass =
  'w-full h-auto cursor-pointer rounded-lg border border-input bg-muted/60 px-3 py-1.5 text-sm text-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-accent aria-invalid:border-red-400';

/**
 * Add a version (name, price, description, file) or change one (any field; a new file serves future
 * buyers only). The shared schema checks the fields here and on the server.
 */
export function VersionForm({
  productId,
  currency,
  version,
  onDone,
  onCancel,
}: {
  productId: string;
  currency: Currency;
  version?: OwnVersion;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('products');
  const id = useId();
  const save = useSaveVersion();
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | undefined>();
  const empty: Fields = { name: '', price: '', description: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({
    resolver: zodResolver(versionFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: version ? { name: version.name, price: decimalAmount(version.priceCents, currency), description: version.description } : empty,
  });
  const message = (name: keyof Fields) => fieldMessage(errors[name]?.message, 'products', [VERSION_MESSAGES, PRODUCT_MESSAGES], VERSION_MESSAGE_PARAMS);
  const serverError = errors.root?.server?.message;
  const priceInput = amountInputProps(currency, '0.00', '0');

  const submit = async (fields: Fields) => {
    if (!version && !file) {
      setFileError(t('errors.versionFileRequired'));
      return;
    }
    try {
      await save.mutateAsync({
        productId,
        versionId: version?.id,
        values: { name: fields.name, price: fields.price, description: fields.description ?? '', file },
        onProgress: setProgress,
      });
      showToast({ title: version ? t('versions.changedTitle') : t('versions.addedTitle'), description: t('versions.saved', { name: fields.name.trim() }), variant: 'success' });
      if (!version) {
        reset(empty);
        setFile(undefined);
      }
      onDone?.();
    } catch (failure) {
      const text = localizeError(failure, 'products', t('common.unexpected'));
      if (isApiError(failure) && failure.code === 'version_name_taken') setError('name', { message: text }, { shouldFocus: true });
      else setError('root.server', { message: text });
    } finally {
      setProgress(undefined);
    }
  };

  const fieldId = (name: string) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={version ? t('versions.editFormLabel', { name: version.name }) : t('versions.addFormLabel')}>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <FormField id={fieldId('name')} label={t('versions.name')} error={message('name')} hint={t('versions.nameHint')}>
            <Input id={fieldId('name')} autoComplete="off" {...fieldAria(fieldId('name'), message('name'))} {...register('name')} />
          </FormField>
          <FormField id={fieldId('price')} label={t('versions.price', { currency })} error={message('price')}>
            <Input id={fieldId('price')} inputMode={priceInput.inputMode} autoComplete="off" placeholder={priceInput.placeholder} {...fieldAria(fieldId('price'), message('price'))} {...register('price')} />
          </FormField>
        </div>
        <FormField id={fieldId('description')} label={t('versions.description')} error={message('description')} hint={t('versions.optional')}>
          <Textarea id={fieldId('description')} rows={2} {...fieldAria(fieldId('description'), message('description'))} {...register('description')} />
        </FormField>
        <FormField
          id={fieldId('file')}
          label={t('versions.file')}
          error={fileError}
          hint={version ? t('versions.fileReplaceHint', { name: version.fileName, size: formatBytes(version.fileSize) }) : t('versions.fileHint')}
        >
          <input
            id={fieldId('file')}
            type="file"
            className={fileClass}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen && chosen.size > PRODUCT_FILE_MAX_BYTES) {
                setFileError(t('errors.fileTooLarge'));
                setFile(undefined);
                return;
              }
              setFileError(undefined);
              setFile(chosen);
            }}
            {...fieldAria(fieldId('file'), fileError)}
          />
        </FormField>
        {serverError ? (
          <p role="alert" className="text-sm text-red-400">
            {serverError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <SubmitButton pending={isSubmitting} pendingLabel={progress === undefined ? t('versions.saving') : t('versions.uploading', { percent: Math.round(progress * 100) })}>
            {version ? t('versions.saveChanges') : t('versions.add')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
