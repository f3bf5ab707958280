import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteGeneration } from '../api/delete-generation.ts';

/** Delete one generation from the history, after a confirmation. */
export function DeleteGenerationDialog({ id, excerpt }: { id: string; excerpt: string }) {
  const { t } = useTranslation('ai');
  const [open, setOpen] = useState(false);
  const deleteGeneration = useDeleteGeneration();

  const confirm = () => {
    deleteGeneration.mutateAsync(id).then(
      () => {
        setOpen(false);
        showToast({ title: t('delete.doneTitle'), description: t('delete.done'), variant: 'success' });
      },
      (error) =>
        showToast({
          title: t('errors.errorTitle'),
          description: t('delete.failed', { reason: localizeError(error, 'ai', t('errors.unexpected')) }),
          variant: 'error',
        }),
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={t('delete.triggerLabel', { excerpt })}>
          <Trash2 aria-hidden="true" /> {t('delete.trigger')}
        </Button>
      }
      title={t('delete.title')}
      description={t('delete.description')}
      cancelLabel={t('delete.cancel')}
      confirmLabel={
        <>
          <Trash2 aria-hidden="true" /> {t('delete.confirm')}
        </>
      }
      pendingLabel={t('delete.deleting')}
      pending={deleteGeneration.isPending}
      onConfirm={confirm}
    />
  );
}
