import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import type { CreatedWebhook } from '../api/create-webhook.ts';

/** The new endpoint's signing secret, shown this once with a copy button; closing it forgets the secret. */
export function NewWebhookSecretPanel({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  const inputId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);

  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="region"
      aria-labelledby={`${inputId}-title`}
      className="grid min-w-0 gap-4 rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-4 outline-none"
    >
      <div className="min-w-0">
        <h3 id={`${inputId}-title`} className="font-semibold wrap-anywhere text-emerald-100">
          {t('secret.title', { url: created.endpoint.url })}
        </h3>
        <p className="mt-1 flex items-start gap-2 text-sm text-emerald-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          {t('secret.once')}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('secret.label')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* A textarea, not an input: the whole secret stays visible, wrapped, on a phone. */}
          <textarea
            id={inputId}
            readOnly
            rows={1}
            spellCheck={false}
            value={created.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="field-sizing-content min-h-10 w-full min-w-0 resize-none rounded-lg border border-input bg-muted/60 px-3 py-2 font-mono text-sm leading-6 break-all text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
          />
          <CopyButton
            text={created.secret}
            texts={{
              copy: t('secret.copy'),
              copied: t('secret.copiedButton'),
              done: () => ({ title: t('secret.copiedTitle'), description: t('secret.copied') }),
              failed: (error) => ({ title: t('common.error'), description: localizeError(error, 'webhooks', t('common.unexpected')) }),
            }}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('secret.usage')}</p>
      <div>
        <Button onClick={onDone}>{t('secret.done')}</Button>
      </div>
    </div>
  );
}
