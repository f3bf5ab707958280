import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Send } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYMENT_TYPES, JOB_MESSAGES } from '#shared/jobs.ts';
import { jobFormSchema } from '#shared/jobs-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import type { Job, JobInput } from '../api/types.ts';
import { selectClass } from '#web/components/ui/select.ts';
import { controlClass } from '../utils/control-class.ts';
import { useEmploymentTypeLabel } from '../utils/employment-type.ts';
import { splitMessage } from '../utils/messages.ts';

type Required = 'title' | 'companyName' | 'location' | 'description';

export const emptyJobInput = (): JobInput => ({
  title: '',
  companyName: '',
  location: '',
  description: '',
  skills: '',
  employmentType: EMPLOYMENT_TYPES[0],
  salaryRange: '',
  applyUrl: '',
  applyEmail: '',
});

export const jobToInput = (job: Job): JobInput => ({
  title: job.title,
  companyName: job.companyName,
  location: job.location,
  description: job.description,
  skills: job.skills.join(', '),
  employmentType: job.employmentType,
  salaryRange: job.salaryRange ?? '',
  applyUrl: job.applyUrl ?? '',
  applyEmail: job.applyEmail ?? '',
});

/**
 * The job form of SPEC §5: title, company name, location and description are required
 * ('Missing Fields: Please fill all required fields.'); the server checks the same rules.
 */
export function JobForm({
  mode,
  initial,
  onSubmit,
  footer,
}: {
  mode: 'create' | 'edit';
  initial?: JobInput;
  /** Sends the form; resolve true to clear it back to `initial` (create), throw to show the server's message. */
  onSubmit: (input: JobInput) => Promise<boolean>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('jobs');
  const typeLabel = useEmploymentTypeLabel();
  const id = useId();
  const fieldId = (name: keyof JobInput) => `${id}-${name}`;
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting: submitting },
  } = useForm<JobInput>({ resolver: zodResolver(jobFormSchema), reValidateMode: 'onSubmit', defaultValues: initial ?? emptyJobInput() });
  // The form's message stays until the next submit; a field's own error goes once it is edited.
  const [formError, setFormError] = useState<string | null>(null);
  const field = (key: keyof JobInput) => register(key, { onChange: () => clearErrors(key) });

  const showProblem = (message: string) => {
    setFormError(localizeMessage(message, 'jobs', JOB_MESSAGES));
    showToast({ ...splitMessage(message), variant: 'error' });
  };

  const onInvalid = (found: FieldErrors<JobInput>) => {
    const messages = Object.values(found).map((error) => error?.message);
    const message = messages.includes(JOB_MESSAGES.missingFields) ? JOB_MESSAGES.missingFields : messages.find(Boolean);
    if (message) showProblem(message);
  };

  const submit = async (input: JobInput) => {
    setFormError(null);
    try {
      const clear = await onSubmit(input);
      if (clear) reset(initial ?? emptyJobInput());
    } catch (error) {
      showProblem(localizeError(error, 'jobs', t('common.unexpected')));
    }
  };

  const requiredError = (key: Required) => (errors[key]?.message === JOB_MESSAGES.missingFields ? t('form.required') : undefined);
  const text = (key: Required | 'salaryRange', label: string, props: { placeholder?: string; maxLength?: number } = {}) => {
    const error = key === 'salaryRange' ? undefined : requiredError(key);
    return (
      <FormField id={fieldId(key)} label={label} error={error}>
        <Input
          id={fieldId(key)}
          autoComplete="off"
          maxLength={props.maxLength ?? 150}
          placeholder={props.placeholder}
          required={key !== 'salaryRange'}
          {...fieldAria(fieldId(key), error)}
          {...field(key)}
        />
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit, onInvalid)} aria-label={mode === 'create' ? t('tabs.post') : t('edit.formLabel')} className="grid gap-5">
      <fieldset disabled={submitting} className="grid min-w-0 gap-5">
        <div className="grid gap-5 md:grid-cols-2">
          {text('title', t('form.title'), { placeholder: t('form.titlePlaceholder') })}
          {text('companyName', t('form.companyName'), { placeholder: t('form.companyNamePlaceholder') })}
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          {text('location', t('form.location'), { placeholder: t('form.locationPlaceholder') })}
          <FormField id={fieldId('employmentType')} label={t('form.employmentType')}>
            <select
              id={fieldId('employmentType')}
              className={selectClass}
              {...field('employmentType')}
            >
              {EMPLOYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField id={fieldId('description')} label={t('form.description')} error={requiredError('description')}>
          <textarea
            id={fieldId('description')}
            rows={6}
            maxLength={10_000}
            required
            placeholder={t('form.descriptionPlaceholder')}
            className={cn(controlClass, 'min-h-32 resize-y')}
            {...fieldAria(fieldId('description'), requiredError('description'))}
            {...field('description')}
          />
        </FormField>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id={fieldId('skills')} label={t('form.skills')}>
            <Input
              id={fieldId('skills')}
              autoComplete="off"
              maxLength={2000}
              placeholder={t('form.skillsPlaceholder')}
              {...field('skills')}
            />
          </FormField>
          {text('salaryRange', t('form.salary'), { placeholder: t('form.salaryPlaceholder'), maxLength: 100 })}
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id={fieldId('applyUrl')} label={t('form.applyUrl')} hint={t('form.applyUrlHint')}>
            <Input
              id={fieldId('applyUrl')}
              type="url"
              inputMode="url"
              placeholder={t('form.applyUrlPlaceholder')}
              {...field('applyUrl')}
            />
          </FormField>
          <FormField id={fieldId('applyEmail')} label={t('form.applyEmail')}>
            <Input
              id={fieldId('applyEmail')}
              type="email"
              inputMode="email"
              placeholder={t('form.applyEmailPlaceholder')}
              {...field('applyEmail')}
            />
          </FormField>
        </div>
      </fieldset>
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-100">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {footer}
        <Button type="submit" disabled={submitting} className="sm:min-w-36">
          {submitting ? (
            <>
              <Spinner className="text-white" /> {mode === 'create' ? t('form.posting') : t('form.saving')}
            </>
          ) : mode === 'create' ? (
            <>
              <Send aria-hidden="true" /> {t('form.post')}
            </>
          ) : (
            <>
              <Save aria-hidden="true" /> {t('form.save')}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
