import { Send } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { APPLICATION_FILE_MAX_BYTES, JOB_MESSAGES } from '#shared/jobs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage, isApiError } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useApplyToJob } from '../api/apply-to-job.ts';
import { controlClass, fileClass } from '../utils/control-class.ts';
import { formatBytes } from '../utils/format.ts';
import { Notice } from '#web/components/notice.tsx';

const FILE_TOO_LARGE = 'The attached file is larger than 10 MB.';
const BAD_LINK = 'The link must start with http:// or https://';

type Outcome = 'sent' | 'already-applied' | null;

/** Apply on ZerriJobs: a message (required), a link and/or a file (max 10 MB). */
export function ApplicationForm({ jobId }: { jobId: string }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ message?: string; link?: string; file?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const apply = useApplyToJob();

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && chosen.size > APPLICATION_FILE_MAX_BYTES) {
      event.target.value = '';
      setFile(null);
      setErrors((previous) => ({ ...previous, file: FILE_TOO_LARGE }));
      return;
    }
    setErrors((previous) => ({ ...previous, file: undefined }));
    setFile(chosen);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (apply.isPending) return;
    const problems: typeof errors = {};
    if (!message.trim()) problems.message = JOB_MESSAGES.applicationNeedsMessage;
    if (link.trim() && !/^https?:\/\/\S+$/i.test(link.trim())) problems.link = BAD_LINK;
    setErrors(problems);
    setFormError(null);
    if (problems.message || problems.link) {
      document.getElementById(`${id}-${problems.message ? 'message' : 'link'}`)?.focus();
      return;
    }
    apply.mutate(
      { jobId, message: message.trim(), link, file },
      {
        onSuccess: (result) => {
          setOutcome('sent');
          showToast({ title: result.message || JOB_MESSAGES.applied, description: 'The company will get back to you by e-mail.', variant: 'success' });
        },
        onError: (error) => {
          if (isApiError(error, 409)) {
            setOutcome('already-applied');
            return;
          }
          const text = errorMessage(error);
          setFormError(text);
          showToast({ title: 'Application Failed', description: text, variant: 'error' });
        },
      },
    );
  };

  if (outcome === 'sent') {
    return (
      <Notice variant="success" title={JOB_MESSAGES.applied}>
        Your application is with the company. They will contact you at your account's e-mail address.
      </Notice>
    );
  }
  if (outcome === 'already-applied') {
    return (
      <Notice title="Already applied">
        {JOB_MESSAGES.alreadyApplied} The company has your application and will contact you by e-mail.
      </Notice>
    );
  }

  return (
    <form noValidate aria-label="Apply for this job" onSubmit={submit} className="grid gap-5">
      <fieldset disabled={apply.isPending} className="grid min-w-0 gap-5">
        <FormField id={`${id}-message`} label="Message" error={errors.message}>
          <textarea
            id={`${id}-message`}
            rows={6}
            required
            maxLength={5000}
            value={message}
            placeholder="Introduce yourself and say why you are a good fit…"
            onChange={(event) => {
              setMessage(event.target.value);
              if (errors.message) setErrors((previous) => ({ ...previous, message: undefined }));
            }}
            className={cn(controlClass, 'min-h-32 resize-y')}
            {...fieldAria(`${id}-message`, errors.message)}
          />
        </FormField>
        <FormField id={`${id}-link`} label="Link (portfolio or CV)" error={errors.link}>
          <Input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            value={link}
            placeholder="https://…"
            onChange={(event) => {
              setLink(event.target.value);
              if (errors.link) setErrors((previous) => ({ ...previous, link: undefined }));
            }}
            {...fieldAria(`${id}-link`, errors.link)}
          />
        </FormField>
        <FormField
          id={`${id}-file`}
          label="Attach a file (optional, max 10 MB)"
          error={errors.file}
          hint={file ? `${file.name} (${formatBytes(file.size)})` : 'A CV, a portfolio PDF or samples of your work.'}
        >
          <input id={`${id}-file`} type="file" onChange={chooseFile} className={fileClass} {...fieldAria(`${id}-file`, errors.file)} />
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
              <Spinner className="text-white" /> Sending...
            </>
          ) : (
            <>
              <Send aria-hidden="true" /> Send Application
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
