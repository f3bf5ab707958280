import { useTranslation } from 'react-i18next';
import { OneTimeSecretPanel } from '#web/components/one-time-secret-panel.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import type { CreatedWebhook } from '../api/create-webhook.ts';

/** The new endpoint's signing secret, shown this once with a copy button; closing it forgets the secret. */
export function NewWebhookSecretPanel({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <OneTimeSecretPanel
      secret={created.secret}
      texts={{
        title: t('secret.title', { url: created.endpoint.url }),
        once: t('secret.once'),
        label: t('secret.label'),
        copy: {
          copy: t('secret.copy'),
          copied: t('secret.copiedButton'),
          done: () => ({ title: t('secret.copiedTitle'), description: t('secret.copied') }),
          failed: (error) => ({ title: t('common.error'), description: localizeError(error, 'webhooks', t('common.unexpected')) }),
        },
        done: t('secret.done'),
      }}
      usage={t('secret.usage')}
      onDone={onDone}
    />
  );
}
