import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';

/** Queues a webhook.test delivery to the endpoint (whatever events it takes); `onSent` opens its log. */
export function SendTestWebhookButton({ id, url, onSent }: { id: string; url: string; onSent: () => void }) {
  const { t } = useTranslation('webhooks');
  const send = useSendTestWebhook();

  const click = () =>
    send.mutate(id, {
      onSuccess: () => {
        onSent();
        showToast({ title: t('test.doneTitle'), description: t('test.done', { url }), variant: 'success' });
      },
      onError: (error) => showToast({ title: t('common.error'), description: localizeError(error, 'webhooks', t('common.unexpected')), variant: 'error' }),
    });

  return (
    <Button variant="ghost" size="sm" onClick={click} disabled={send.isPending} aria-label={t('test.triggerLabel', { url })}>
      {send.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" />} {send.isPending ? t('test.sending') : t('test.trigger')}
    </Button>
  );
}
