import { Save, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYMENT_TYPES, JOB_MESSAGES, type EmploymentType } from '#shared/jobs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import type { Job, JobInput } from '../api/types.ts';
import { controlClass, selectClass } from '../utils/control-class.ts';
import { useEmploymentTypeLabel } from '../utils/employment-type.ts';
import { splitMessage } from '../utils/messages.ts';

type Required = 'title' | 'companyName' | 'location' | 'description';
const REQUIRED: Required[] = ['title', 'companyName', 'location', 'description'];

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
  /** Sends the form; resolve true to clear it (create), throw to show the server's message. */
  onSubmit: (input: JobInput) => Promise<boolean>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('jobs');
  const typeLabel = useEmploymentTypeLabel();
  const id = useId();
  const [values, setValues] = useState<JobInput>(initial ?? emptyJobInput);
  const [missing, setMissing] = useState<Partial<Record<Required, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fieldId = (name: keyof JobInput) => `${id}-${name}`;

  const set = <K extends keyof JobInput>(key: K, value: JobInput[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (key in missing) setMissing((previous) => ({ ...previous, [key]: false }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const empty = REQUIRED.filter((key) => !values[key].trim());
    if (empty.length > 0) {
      setMissing(Object.fromEntries(empty.map((key) => [key, true])));
      setFormError(localizeMessage(JOB_MESSAGES.missingFields, 'jobs'));
      showToast({ ...splitMessage(JOB_MESSAGES.missingFields), variant: 'error' });
      document.getElementById(fieldId(empty[0]!))?.focus();
      return;
    }
    setMissing({});
    setFormError(null);
    setSubmitting(true);
    try {
      const clear = await onSubmit(values);
      if (clear) setValues(emptyJobInput());
    } catch (error) {
      const message = localizeError(error, 'jobs', t('common.unexpected'));
      setFormError(message);
      showToast({ ...splitMessage(message), variant: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  const requiredError = (key: Required) => (missing[key] ? t('form.required') : undefined);
  const text = (key: Required | 'salaryRange', label: string, props: { placeholder?: string; maxLength?: number } = {}) => {
    const error = key === 'salaryRange' ? undefined : requiredError(key);
    return (
      <FormField id={fieldId(key)} label={label} error={error}>
        <Input
          id={fieldId(key)}
          value={values[key]}
          autoComplete="off"
          maxLength={props.maxLength ?? 150}
          placeholder={props.placeholder}
          required={key !== 'salaryRange'}
          onChange={(event) => set(key, event.target.value)}
          {...fieldAria(fieldId(key), error)}
        />
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={mode === 'create' ? t('tabs.post') : t('edit.formLabel')} className="grid gap-5">
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
              value={values.employmentType}
              onChange={(event) => set('employmentType', event.target.value as EmploymentType)}
              className={selectClass}
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
            value={values.description}
            placeholder={t('form.descriptionPlaceholder')}
            onChange={(event) => set('description', event.target.value)}
            className={cn(controlClass, 'min-h-32 resize-y')}
            {...fieldAria(fieldId('description'), requiredError('description'))}
          />
        </FormField>
        <div className="grid gap-5 md:grid-cols-2">
          <FormField id={fieldId('skills')} label={t('form.skills')}>
            <Input
              id={fieldId('skills')}
              value={values.skills}
              autoComplete="off"
              maxLength={2000}
              placeholder={t('form.skillsPlaceholder')}
              onChange={(event) => set('skills', event.target.value)}
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
              value={values.applyUrl}
              placeholder={t('form.applyUrlPlaceholder')}
              onChange={(event) => set('applyUrl', event.target.value)}
            />
          </FormField>
          <FormField id={fieldId('applyEmail')} label={t('form.applyEmail')}>
            <Input
              id={fieldId('applyEmail')}
              type="email"
              inputMode="email"
              value={values.applyEmail}
              placeholder={t('form.applyEmailPlaceholder')}
              onChange={(event) => set('applyEmail', event.target.value)}
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
