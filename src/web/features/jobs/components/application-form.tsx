import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { APPLICATION_FILE_MAX_BYTES, JOB_MESSAGES } from '#shared/jobs.ts';
import { APPLICATION_MESSAGES, applicationFormSchema, type ApplicationForm as ApplicationFormValues } from '#shared/jobs-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useApplyToJob } from '../api/apply-to-job.ts';
import { controlClass, fileClass } from '../utils/control-class.ts';
import { formatBytes } from '#web/lib/format.ts';
import { Notice } from '#web/components/notice.tsx';

type Outcome = 'sent' | 'already-applied' | null;

/** Apply on ZerriJobs: a message (required), a link and/or a file (max 10 MB). */
export function ApplicationForm({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const id = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<ApplicationFormValues>({ resolver: zodResolver(applicationFormSchema), reValidateMode: 'onSubmit', defaultValues: { message: '', link: '' } });
  const messageError = fieldMessage(errors.message?.message, 'jobs', [JOB_MESSAGES, APPLICATION_MESSAGES]);
  const linkError = fieldMessage(errors.link?.message, 'jobs', [JOB_MESSAGES, APPLICATION_MESSAGES]);
  // The file is checked when chosen (by size), not by the schema.
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const apply = useApplyToJob();

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && chosen.size > APPLICATION_FILE_MAX_BYTES) {
      event.target.value = '';
      setFile(null);
      setFileError(t('errors.fileTooLarge'));
      return;
    }
    setFileError(undefined);
    setFile(chosen);
  };

  const submit = ({ message, link }: ApplicationFormValues) => {
    apply.mutate(
      { jobId, message, link, file },
      {
        onSuccess: (result) => {
          setOutcome('sent');
          showToast({
            title: result.message ? localizeMessage(result.message, 'jobs', JOB_MESSAGES) : t('errors.applied'),
            description: t('apply.sentToast'),
            variant: 'success',
          });
        },
        onError: (error) => {
          if (isApiError(error, 409)) {
            setOutcome('already-applied');
            return;
          }
          const text = localizeError(error, 'jobs', t('common.unexpected'));
          setFormError(text);
          showToast({ title: t('apply.failedTitle'), description: text, variant: 'error' });
        },
      },
    );
  };

  if (outcome === 'sent') {
    return (
      <Notice variant="success" title={t('errors.applied')}>
        {t('apply.sent')}
      </Notice>
    );
  }
  if (outcome === 'already-applied') {
    return (
      <Notice title={t('apply.alreadyTitle')}>
        {t('errors.alreadyApplied')} {t('apply.already')}
      </Notice>
    );
  }

  return (
    <form noValidate aria-label={t('apply.title')} onSubmit={(event) => {
        // The form's message and the file's error go at the next submit, even one the checks stop.
        setFormError(null);
        setFileError(undefined);
        void handleSubmit(submit)(event);
      }} className="grid gap-5">
      <fieldset disabled={apply.isPending} className="grid min-w-0 gap-5">
        <FormField id={`${id}-message`} label={t('apply.message')} error={messageError}>
          <textarea
            id={`${id}-message`}
            rows={6}
            required
            maxLength={5000}
            placeholder={t('apply.messagePlaceholder')}
            className={cn(controlClass, 'min-h-32 resize-y')}
            {...fieldAria(`${id}-message`, messageError)}
            {...register('message', { onChange: () => clearErrors('message') })}
          />
        </FormField>
        <FormField id={`${id}-link`} label={t('apply.link')} error={linkError}>
          <Input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            placeholder={t('apply.linkPlaceholder')}
            {...fieldAria(`${id}-link`, linkError)}
            {...register('link', { onChange: () => clearErrors('link') })}
          />
        </FormField>
        <FormField
          id={`${id}-file`}
          label={t('apply.file')}
          error={fileError}
          hint={file ? t('apply.chosenFile', { name: file.name, size: formatBytes(file.size) }) : t('apply.fileHint')}
        >
          <input id={`${id}-file`} type="file" onChange={chooseFile} className={fileClass} {...fieldAria(`${id}-file`, fileError)} />
        </FormField>
      </fieldset>
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-100">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={apply.isPending} className="w-full sm:w-auto sm:min-w-44">
          {apply.isPending ? (
            <>
              <Spinner className="text-white" /> {t('apply.sending')}
            </>
          ) : (
            <>
              <Send aria-hidden="true" /> {t('apply.submit')}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
