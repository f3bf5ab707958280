import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASON_MAX } from '#shared/conversations.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx';
import { textareaClass } from '#web/components/ui/textarea.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useReportConversation } from '../api/conversations.ts';

/** Report a conversation to the admins, with an optional reason: from then on an admin may read it. */
export function ReportDialog({ conversationId, name, open, onOpenChange }: { conversationId: string; name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('conversations');
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const report = useReportConversation();
  const submit = () =>
    report.mutate(
      { id: conversationId, reason },
      {
        onSuccess: () => {
          onOpenChange(false);
          showToast({ title: t('report.sentTitle'), description: t('report.sent'), variant: 'success' });
        },
        onError: (failure) => setProblem(localizeError(failure, 'conversations')),
      },
    );
  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{t('report.title', { name })}</DialogTitle>
        <DialogDescription>{t('report.description')}</DialogDescription>
        <div className="grid gap-2">
          <label htmlFor={fieldId} className="text-sm font-medium">
            {t('report.reason')}
          </label>
          <textarea id={fieldId} rows={3} maxLength={REPORT_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} className={textareaClass} />
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <DialogActions cancelLabel={t('report.cancel')} pending={report.isPending}>
          <Button variant="destructive" onClick={submit} disabled={report.isPending}>
            {t('report.submit')}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
