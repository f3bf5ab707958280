import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '#shared/webhooks-api.ts';
import { Label } from '#web/components/ui/label.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';

/** Switches an endpoint off (paused) or on again; on again also clears why it was switched off. `titleId` names the endpoint. */
export function WebhookEnabledSwitch({ endpoint, titleId }: { endpoint: WebhookEndpoint; titleId: string }) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const update = useUpdateWebhook();
  const { url } = endpoint;
  // The new state shows at once (set in the change event itself), until the save and the list's refresh are done.
  const [shown, setShown] = useState<boolean>();

  const toggle = (enabled: boolean) => {
    setShown(enabled);
    update.mutate(
      { id: endpoint.id, change: { enabled } },
      {
        onSuccess: () =>
          showToast(
            enabled
              ? { title: t('endpoint.turnedOnTitle'), description: t('endpoint.turnedOn', { url }), variant: 'success' }
              : { title: t('endpoint.turnedOffTitle'), description: t('endpoint.turnedOff', { url }), variant: 'success' },
          ),
        onError: (error) => showToast({ title: t('common.error'), description: localizeError(error, 'webhooks', t('common.unexpected')), variant: 'error' }),
        onSettled: () => setShown(undefined),
      },
    );
  };

  return (
    <div className="flex h-9 items-center gap-2 pr-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={shown ?? endpoint.enabled}
        disabled={update.isPending}
        onChange={(event) => toggle(event.target.checked)}
        aria-labelledby={`${id}-label ${titleId}`}
        className="size-4 shrink-0 cursor-pointer accent-violet-600 disabled:cursor-wait"
      />
      <Label id={`${id}-label`} htmlFor={id} className="cursor-pointer">
        {t('endpoint.enabled')}
      </Label>
    </div>
  );
}
