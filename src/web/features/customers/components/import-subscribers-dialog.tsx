import { Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_IMPORT_MAX_BYTES, AUDIENCE_IMPORT_MAX_ROWS, AUDIENCE_IMPORT_RECOGNISED, AUDIENCE_IMPORTS_PER_DAY } from '#shared/audience-import.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CsvFileField, CsvImportDialog } from '#web/components/csv-import-dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog.tsx';
import { fieldErrorId } from '#web/components/ui/form-field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { formatBytes, formatCount } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useImportSubscribers, type AudienceImportResult } from '../api/customers.ts';

const COUNTS: readonly (keyof AudienceImportResult)[] = ['added', 'alreadySubscribed', 'unsubscribedSkipped', 'invalid', 'duplicates', 'overLimit'];
/** Shown only when some rows fell into them. */
const WHEN_ANY: readonly (keyof AudienceImportResult)[] = ['overLimit'];

/**
 * "Import subscribers": a CSV export of another service, the creator's word that these people asked
 * to hear from them, then the counts of what the file did. New addresses are only sent a confirmation.
 */
export function ImportSubscribersDialog() {
  const { t } = useTranslation('customers');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [fileProblem, setFileProblem] = useState<string>();
  const [consentProblem, setConsentProblem] = useState<string>();
  const importing = useImportSubscribers();
  const result = importing.data;
  const pending = importing.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const noFile = file ? undefined : t('errors.audience_import_no_file');
    const noConsent = consent ? undefined : t('errors.audience_import_consent_required');
    setFileProblem(noFile);
    setConsentProblem(noConsent);
    if (!file || noConsent) return;
    importing.mutate(file, { onError: (error) => setFileProblem(localizeError(error, 'customers', t('import.failed'))) });
  };
  const reset = () => {
    importing.reset();
    setFile(null);
    setConsent(false);
    setFileProblem(undefined);
    setConsentProblem(undefined);
  };

  return (
    <CsvImportDialog
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      onClosed={reset}
      triggerLabel={t('import.trigger')}
      title={t('import.title')}
      description={t('import.description')}
      className="max-w-xl"
    >
      {result ? (
        <div className="grid gap-4">
          <p role="status" className="font-medium">
            {t('import.done', { count: result.added })}
          </p>
          <dl className="grid gap-2 text-sm">
            {COUNTS.filter((key) => result[key] > 0 || !WHEN_ANY.includes(key)).map((key) => (
              <div key={key} className="flex items-baseline justify-between gap-4 border-b border-border/60 pb-2 last:border-0">
                <dt className="text-muted-foreground">{t(`import.counts.${key}`)}</dt>
                <dd className="font-semibold tabular-nums">{formatCount(result[key])}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={reset}>
              {t('import.another')}
            </Button>
            <Button onClick={() => setOpen(false)}>{t('import.close')}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-5">
          <div className="grid gap-1 rounded-lg border border-border bg-muted/40 p-3 text-sm">
            <p className="font-medium">{t('import.columnsTitle')}</p>
            <p className="text-muted-foreground">
              {t('import.columns', { email: AUDIENCE_IMPORT_RECOGNISED.email.join(', '), name: AUDIENCE_IMPORT_RECOGNISED.name.join(', ') })}
            </p>
            <p className="text-muted-foreground">
              {t('import.limits', { size: formatBytes(AUDIENCE_IMPORT_MAX_BYTES), rows: formatCount(AUDIENCE_IMPORT_MAX_ROWS), perDay: AUDIENCE_IMPORTS_PER_DAY })}
            </p>
          </div>
          <CsvFileField
            id={`${id}-file`}
            label={t('import.file')}
            hint={t('import.fileHint')}
            error={fileProblem}
            disabled={pending}
            onFile={(chosen) => {
              setFile(chosen);
              setFileProblem(undefined);
            }}
          />
          <div className="grid gap-1.5">
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${id}-consent`}
                checked={consent}
                disabled={pending}
                className="mt-0.5"
                onChange={(event) => {
                  setConsent(event.target.checked);
                  setConsentProblem(undefined);
                }}
                aria-describedby={`${id}-consent-hint${consentProblem ? ` ${fieldErrorId(`${id}-consent`)}` : ''}`}
                aria-invalid={consentProblem ? true : undefined}
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-consent`} className="cursor-pointer">
                  {t('import.consent')}
                </Label>
                <p id={`${id}-consent-hint`} className="text-sm text-muted-foreground">
                  {t('import.consentHint')}
                </p>
              </div>
            </div>
            {consentProblem ? (
              <p id={fieldErrorId(`${id}-consent`)} className="text-sm text-red-400">
                {consentProblem}
              </p>
            ) : null}
          </div>
          <DialogActions cancelLabel={t('import.cancel')} pending={pending}>
            <SubmitButton pending={pending} pendingLabel={t('import.importing')}>
              <Upload aria-hidden="true" /> {t('import.submit')}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </CsvImportDialog>
  );
}
