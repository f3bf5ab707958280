import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '#shared/webhooks-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { showToast } from '#web/lib/toast.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { WebhookForm } from './webhook-form.tsx';

/** Changes an endpoint's URL, description and events; the secret stays. */
export function EditWebhookDialog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const [open, setOpen] = useState(false);
  const update = useUpdateWebhook();

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('endpoint.editLabel', { url: endpoint.url })}>
          <Pencil aria-hidden="true" /> {t('endpoint.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogTitle>{t('edit.title')}</DialogTitle>
        <DialogDescription>{t('edit.description')}</DialogDescription>
        <WebhookForm
          defaultValues={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
          formLabel={t('edit.formLabel', { url: endpoint.url })}
          submitLabel={t('edit.submit')}
          pendingLabel={t('edit.saving')}
          actions={
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
          }
          onSubmit={async (change) => {
            const saved = await update.mutateAsync({ id: endpoint.id, change });
            setOpen(false);
            showToast({ title: t('edit.doneTitle'), description: t('edit.done', { url: saved.url }), variant: 'success' });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
