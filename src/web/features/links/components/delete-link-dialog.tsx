import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteLink } from '../api/delete-link.ts';

/** Delete with a confirmation: the short link stops working at once. */
export function DeleteLinkDialog({ code, domain, shortUrl, onDeleted }: { code: string; domain: string | null; shortUrl: string; onDeleted?: () => void }) {
  const { t } = useTranslation('links-pages');
  const [open, setOpen] = useState(false);
  const deleteLink = useDeleteLink();

  // Awaited, not mutate's callbacks: the list refetched after the delete drops this row (and this
  // dialog) first, and React Query does not call a mutate's callbacks once its component is gone.
  const confirm = async () => {
    try {
      await deleteLink.mutateAsync({ code, domain });
    } catch (error) {
      showToast({ title: t('links:common.error'), description: t('delete.failed', { reason: localizeError(error, 'links', t('links:common.unexpected')) }), variant: 'error' });
      return;
    }
    setOpen(false);
    showToast({ title: t('delete.doneTitle'), description: t('delete.done', { code }), variant: 'success' });
    onDeleted?.();
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={t('delete.triggerLabel', { code })}>
          <Trash2 aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{t('delete.trigger')}</span>
        </Button>
      }
      title={t('delete.title')}
      description={
        <>
          <span className="font-mono break-all text-foreground">{shortUrl}</span> {t('delete.description')}
        </>
      }
      cancelLabel={t('links:common.cancel')}
      confirmLabel={
        <>
          <Trash2 aria-hidden="true" /> {t('delete.confirm')}
        </>
      }
      pendingLabel={t('delete.deleting')}
      pending={deleteLink.isPending}
      onConfirm={confirm}
    />
  );
}
