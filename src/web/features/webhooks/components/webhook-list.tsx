import { Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '#shared/webhooks-api.ts';
import { WebhookItem } from './webhook-item.tsx';

/** My endpoints, oldest first, or what to do when there are none. */
export function WebhookList({ items }: { items: WebhookEndpoint[] }) {
  const { t } = useTranslation('webhooks');
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <Webhook aria-hidden="true" className="size-6" />
        </span>
        <p className="font-medium">{t('list.empty')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t('list.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t('list.label')} className="divide-y divide-border rounded-lg border border-border">
      {items.map((endpoint) => (
        <WebhookItem key={endpoint.id} endpoint={endpoint} />
      ))}
    </ul>
  );
}
