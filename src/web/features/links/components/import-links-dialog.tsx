import { CircleCheck, CircleX, Download, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { csvLine } from '#shared/csv.ts';
import { LINK_IMPORT_ROWS_MAX } from '#shared/links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CsvFileField, CsvImportDialog } from '#web/components/csv-import-dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { saveFile } from '#web/lib/download.ts';
import { formatCount } from '#web/lib/format.ts';
import { localizeCoded, localizeError } from '#web/lib/server-message.ts';
import { useImportLinks, type LinkImportReport, type LinkImportRow } from '../api/import-links.ts';

/** The report as a CSV file (formula-safe cells), with each refusal in the interface language. */
function downloadReport(report: LinkImportReport, reasonOf: (row: LinkImportRow) => string, headers: string[]) {
  const lines = [csvLine(headers), ...report.rows.map((row) => csvLine([row.line, row.url, row.code, row.status, row.shortUrl, reasonOf(row)]))];
  saveFile(new Blob([lines.join('')], { type: 'text/csv;charset=utf-8' }), 'zerrilink-import-report.csv');
}

/**
 * Bulk import on the links dashboard: a CSV file (url, code, tags) or a Bitly export, then a table
 * of what happened to each row, which can be downloaded as CSV.
 */
export function ImportLinksDialog() {
  const { t } = useTranslation('links-pages');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const importing = useImportLinks();
  const report = importing.data;
  const pending = importing.isPending;
  const reasonOf = (row: LinkImportRow) => (row.error ? localizeCoded(row.error, 'links') : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem(t('links:errors.import_no_file'));
      return;
    }
    setProblem(undefined);
    importing.mutate(file, { onError: (error) => setProblem(localizeError(error, 'links', t('links:common.unexpected'))) });
  };
  const reset = () => {
    importing.reset();
    setFile(null);
    setProblem(undefined);
  };

  return (
    <CsvImportDialog
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      onClosed={reset}
      triggerLabel={t('import.trigger')}
      title={t('import.title')}
      description={t('import.description', { max: formatCount(LINK_IMPORT_ROWS_MAX) })}
      className="max-w-2xl"
    >
      {report ? (
        <div className="grid gap-4">
          <p role="status" className="font-medium">
            {t('import.summary', { created: formatCount(report.created), refused: formatCount(report.refused) })}
          </p>
          {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
          <div role="region" aria-label={t('import.tableCaption')} tabIndex={0} className="max-h-[50dvh] overflow-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">{t('import.tableCaption')}</caption>
              <thead className="sticky top-0 bg-card text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('import.line')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('import.link')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('import.result')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.line} className="border-t border-border align-top">
                    <td className="px-3 py-2 tabular-nums">{row.line}</td>
                    <td className="max-w-56 px-3 py-2 break-all">
                      {row.shortUrl ? <span className="block font-mono text-foreground">{row.shortUrl.replace(/^https?:\/\//, '')}</span> : null}
                      <span className="block text-muted-foreground">{row.url || '—'}</span>
                    </td>
                    <td className="px-3 py-2">
                      {row.status === 'created' ? (
                        <span className="inline-flex items-center gap-1.5 text-emerald-300">
                          <CircleCheck aria-hidden="true" className="size-4 shrink-0" /> {t('import.created')}
                        </span>
                      ) : (
                        <span className="inline-flex items-start gap-1.5 text-red-300">
                          <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                          <span>
                            {t('import.refused')}: {reasonOf(row)}
                          </span>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={reset}>
              {t('import.another')}
            </Button>
            <Button onClick={() => downloadReport(report, reasonOf, [t('import.line'), 'url', 'code', t('import.result'), 'short_url', t('import.reason')])}>
              <Download aria-hidden="true" /> {t('import.download')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-5">
          <CsvFileField
            id={`${id}-file`}
            label={t('import.file')}
            hint={t('import.fileHint')}
            error={problem}
            disabled={pending}
            onFile={(chosen) => {
              setFile(chosen);
              setProblem(undefined);
            }}
          />
          <DialogActions cancelLabel={t('links:common.cancel')} pending={pending}>
            <SubmitButton pending={pending} pendingLabel={t('import.importing')}>
              <Upload aria-hidden="true" /> {t('import.submit')}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </CsvImportDialog>
  );
}
