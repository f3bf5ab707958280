import { Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCreateWebhook, type CreatedWebhook } from '../api/create-webhook.ts';
import { WebhookForm } from './webhook-form.tsx';

/** Adds an endpoint; the parent shows its secret once (and a new, empty form after). */
export function CreateWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhook) => void }) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhook();

  return (
    <WebhookForm
      formLabel={t('create.formLabel')}
      submitLabel={
        <>
          <Webhook aria-hidden="true" /> {t('create.submit')}
        </>
      }
      pendingLabel={t('create.creating')}
      onSubmit={async (values) => onCreated(await create.mutateAsync(values))}
    />
  );
}
