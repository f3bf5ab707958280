import { Flag } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_REPORT_DETAILS_MAX, LINK_REPORT_REASONS } from '#shared/links.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { useReportLink } from '../api/report-link.ts';
import { selectClass } from '#web/components/ui/select.ts';

/**
 * "Report this link" on the not-found, preview and password screens: a reason and optional details,
 * no account needed. `onOpen` lets a screen that moves on by itself (not found) stay while it is open.
 */
export function ReportLink({ code, domain = null, onOpen }: { code: string; domain?: string | null; onOpen?: () => void }) {
  const { t } = useTranslation('links-pages');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<{ field: 'reason' | 'details' | 'form'; message: string }>();
  const report = useReportLink();

  if (report.isSuccess) {
    return (
      <p role="status" className="mt-6 text-sm text-muted-foreground">
        {t('report.thanks')}
      </p>
    );
  }
  if (!open) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="mt-4 text-muted-foreground"
        onClick={() => {
          setOpen(true);
          onOpen?.();
        }}
      >
        <Flag aria-hidden="true" /> {t('report.open')}
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setProblem({ field: 'reason', message: t('links:errors.report_reason_invalid') });
    if (details.trim().length > LINK_REPORT_DETAILS_MAX) return setProblem({ field: 'details', message: t('links:errors.report_details_too_long') });
    setProblem(undefined);
    report.mutate({ code, domain, reason, details }, { onError: (error) => setProblem({ field: 'form', message: localizeError(error, 'links', t('links:common.unexpected')) }) });
  };
  const errorOf = (field: 'reason' | 'details') => (problem?.field === field ? problem.message : undefined);

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-6 grid gap-4 border-t border-border pt-5 text-left">
      <h2 id={`${id}-title`} className="font-semibold">
        {t('report.title')}
      </h2>
      <FormField id={`${id}-reason`} label={t('report.reason')} error={errorOf('reason')}>
        <select id={`${id}-reason`} value={reason} onChange={(event) => {
            setReason(event.target.value);
            setProblem(undefined);
          }} className={selectClass} {...fieldAria(`${id}-reason`, errorOf('reason'))}>
          <option value="">{t('report.pickReason')}</option>
          {LINK_REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`report.reasons.${value}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-details`} label={t('report.details')} hint={t('report.detailsHint')} error={errorOf('details')}>
        <Textarea id={`${id}-details`} rows={3} value={details} onChange={(event) => setDetails(event.target.value)} {...fieldAria(`${id}-details`, errorOf('details'))} />
      </FormField>
      {problem?.field === 'form' ? <Notice variant="error">{problem.message}</Notice> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={report.isPending} onClick={() => setOpen(false)}>
          {t('links:common.cancel')}
        </Button>
        <SubmitButton pending={report.isPending} pendingLabel={t('report.sending')}>
          {t('report.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
