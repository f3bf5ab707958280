import { ChevronDown, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '#shared/webhooks-api.ts';
import { WEBHOOK_MESSAGE_PARAMS, WEBHOOK_MESSAGES } from '#shared/webhooks.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { cn } from '#web/lib/utils.ts';
import { DeleteWebhookDialog } from './delete-webhook-dialog.tsx';
import { EditWebhookDialog } from './edit-webhook-dialog.tsx';
import { SendTestWebhookButton } from './send-test-webhook-button.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEnabledSwitch } from './webhook-enabled-switch.tsx';

/** After a test or resend, the log asks again soon for this long. */
const HURRY_MS = 20_000;

/** One endpoint: URL, description, state, events, its actions, and its delivery log (opened on demand). */
export function WebhookItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [hurryUntil, setHurryUntil] = useState(0);
  const hurry = () => setHurryUntil(Date.now() + HURRY_MS);
  const { url } = endpoint;
  const state = endpoint.enabled ? 'active' : endpoint.disabledReason ? 'switchedOff' : 'paused';

  return (
    <li className="grid min-w-0 gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="grid min-w-0 gap-1">
          <h3 id={`${id}-title`} className="font-mono text-sm font-semibold wrap-anywhere">
            {url}
          </h3>
          {endpoint.description ? <p className="text-sm wrap-anywhere text-muted-foreground">{endpoint.description}</p> : null}
        </div>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            state === 'active' ? 'bg-emerald-500/15 text-emerald-200' : state === 'paused' ? 'bg-muted text-muted-foreground' : 'bg-red-500/15 text-red-200',
          )}
        >
          {t(`endpoint.${state}`)}
        </span>
      </div>
      {endpoint.disabledReason ? (
        <div className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('endpoint.switchedOffTitle')}</p>
            <p>
              {localizeMessage(endpoint.disabledReason, 'webhooks', WEBHOOK_MESSAGES, WEBHOOK_MESSAGE_PARAMS)} {t('endpoint.switchOnAgain')}
            </p>
          </div>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <p id={`${id}-events`} className="sr-only">
          {t('list.events')}
        </p>
        <ul aria-labelledby={`${id}-events`} className="flex flex-wrap gap-1.5">
          {endpoint.events.map((event) => (
            <li key={event}>
              <code className="rounded-md border border-border bg-muted/60 px-1.5 py-0.5 font-mono text-xs">{event}</code>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">{t('list.added', { date: formatDateTime(endpoint.createdAt) })}</p>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <WebhookEnabledSwitch endpoint={endpoint} titleId={`${id}-title`} />
        <SendTestWebhookButton
          id={endpoint.id}
          url={url}
          onSent={() => {
            setLogOpen(true);
            hurry();
          }}
        />
        <EditWebhookDialog endpoint={endpoint} />
        <DeleteWebhookDialog id={endpoint.id} url={url} />
        <Button
          variant="ghost"
          size="sm"
          className="sm:ml-auto"
          aria-expanded={logOpen}
          aria-controls={`${id}-log`}
          aria-label={t('endpoint.showLogLabel', { url })}
          onClick={() => setLogOpen((open) => !open)}
        >
          {t('endpoint.showLog')} <ChevronDown aria-hidden="true" className={cn('transition-transform', logOpen && 'rotate-180')} />
        </Button>
      </div>
      <div id={`${id}-log`} className="min-w-0">
        {logOpen ? <WebhookDeliveries endpointId={endpoint.id} url={url} hurryUntil={hurryUntil} onHurry={hurry} /> : null}
      </div>
    </li>
  );
}
