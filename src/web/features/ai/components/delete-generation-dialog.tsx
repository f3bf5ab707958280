import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteGeneration } from '../api/delete-generation.ts';

/** Delete one generation from the history, after a confirmation. */
export function DeleteGenerationDialog({ id, excerpt }: { id: string; excerpt: string }) {
  const { t } = useTranslation('ai');
  const [open, setOpen] = useState(false);
  const deleteGeneration = useDeleteGeneration();

  const confirm = () => {
    deleteGeneration.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: t('delete.doneTitle'), description: t('delete.done'), variant: 'success' });
      },
      onError: (error) =>
        showToast({
          title: t('server.errorTitle'),
          description: t('delete.failed', { reason: localizeError(error, 'ai', t('server.unexpected')) }),
          variant: 'error',
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !deleteGeneration.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={t('delete.triggerLabel', { excerpt })}>
          <Trash2 aria-hidden="true" /> {t('delete.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>{t('delete.title')}</DialogTitle>
        <DialogDescription>{t('delete.description')}</DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={deleteGeneration.isPending}>
              {t('delete.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deleteGeneration.isPending}>
            {deleteGeneration.isPending ? (
              <>
                <Spinner className="text-white" /> {t('delete.deleting')}
              </>
            ) : (
              <>
                <Trash2 aria-hidden="true" /> {t('delete.confirm')}
              </>
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
