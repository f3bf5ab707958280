import { useTranslation } from 'react-i18next';
import { OneTimeSecretPanel } from '#web/components/one-time-secret-panel.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import type { CreatedApiKey } from '../api/create-api-key.ts';

/** The new key, shown this once with a copy button; closing it forgets the key. */
export function NewApiKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('api-keys');
  return (
    <OneTimeSecretPanel
      secret={created.key}
      texts={{
        title: t('newKey.title', { name: created.apiKey.name }),
        once: t('newKey.once'),
        label: t('newKey.label'),
        copy: {
          copy: t('newKey.copy'),
          copied: t('newKey.copiedButton'),
          done: () => ({ title: t('newKey.copiedTitle'), description: t('newKey.copied') }),
          failed: (error) => ({ title: t('common.error'), description: localizeError(error, 'api-keys', t('common.unexpected')) }),
        },
        done: t('newKey.done'),
      }}
      usage={
        <>
          {t('newKey.usage')} <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">Authorization: Bearer {created.apiKey.prefix}…</code>
        </>
      }
      onDone={onDone}
    />
  );
}
