import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import type { CreatedApiKey } from '../api/create-api-key.ts';

/** The new key, shown this once with a copy button; closing it forgets the key. */
export function NewApiKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('apiKeys');
  const inputId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);

  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="region"
      aria-labelledby={`${inputId}-title`}
      className="grid gap-4 rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-4 outline-none"
    >
      <div>
        <h3 id={`${inputId}-title`} className="font-semibold text-emerald-100">
          {t('newKey.title', { name: created.apiKey.name })}
        </h3>
        <p className="mt-1 flex items-start gap-2 text-sm text-emerald-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          {t('newKey.once')}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('newKey.label')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          {/* A textarea, not an input: inputs clip the underscores of a monospace key. */}
          <textarea
            id={inputId}
            readOnly
            rows={1}
            spellCheck={false}
            value={created.key}
            onFocus={(event) => event.currentTarget.select()}
            className="field-sizing-content min-h-10 w-full min-w-0 resize-none rounded-lg border border-input bg-muted/60 px-3 py-2 font-mono text-sm leading-6 break-all text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
          />
          <CopyButton
            text={created.key}
            texts={{
              copy: t('newKey.copy'),
              copied: t('newKey.copiedButton'),
              done: () => ({ title: t('newKey.copiedTitle'), description: t('newKey.copied') }),
              failed: (error) => ({ title: t('common.error'), description: localizeError(error, 'apiKeys', t('common.unexpected')) }),
            }}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('newKey.usage')} <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">Authorization: Bearer {created.apiKey.prefix}…</code>
      </p>
      <div>
        <Button onClick={onDone}>{t('newKey.done')}</Button>
      </div>
    </div>
  );
}
