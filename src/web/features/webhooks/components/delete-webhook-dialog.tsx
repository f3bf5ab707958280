import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';

/** Delete with a confirmation: no more events, and the delivery log goes too. */
export function DeleteWebhookDialog({ id, url }: { id: string; url: string }) {
  const { t } = useTranslation('webhooks');
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook();

  const confirm = () =>
    remove.mutateAsync(id).then(
      () => {
        setOpen(false);
        showToast({ title: t('delete.doneTitle'), description: t('delete.done', { url }), variant: 'success' });
      },
      (error) => showToast({ title: t('common.error'), description: localizeError(error, 'webhooks', t('common.unexpected')), variant: 'error' }),
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={t('delete.triggerLabel', { url })}>
          <Trash2 aria-hidden="true" /> {t('delete.trigger')}
        </Button>
      }
      title={t('delete.title')}
      description={<span className="wrap-anywhere">{t('delete.description', { url })}</span>}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.deleting')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
