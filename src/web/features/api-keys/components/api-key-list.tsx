import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiKeySummary } from '#shared/api-keys.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { cn } from '#web/lib/utils.ts';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog.tsx';


/** My keys: name, first characters, created, last used; active ones can be revoked. */
export function ApiKeyList({ items }: { items: ApiKeySummary[] }) {
  const { t } = useTranslation('api-keys');
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <p className="text-muted-foreground">{t('list.empty')}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t('list.label')} className="divide-y divide-border rounded-lg border border-border">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="truncate">{item.name}</span>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs',
                  item.revokedAt ? 'bg-red-500/15 text-red-200' : 'bg-emerald-500/15 text-emerald-200',
                )}
              >
                {item.revokedAt ? t('list.revoked') : t('list.active')}
              </span>
            </p>
            <p className="font-mono text-sm text-muted-foreground">{item.prefix}…</p>
            <p className="text-xs text-muted-foreground">
              {t('list.created', { date: formatDateTime(item.createdAt) })} ·{' '}
              {item.lastUsedAt ? t('list.lastUsed', { date: formatDateTime(item.lastUsedAt) }) : t('list.neverUsed')}
              {item.revokedAt ? ` · ${t('list.revokedOn', { date: formatDateTime(item.revokedAt) })}` : null}
            </p>
          </div>
          {item.revokedAt ? null : <RevokeApiKeyDialog id={item.id} name={item.name} />}
        </li>
      ))}
    </ul>
  );
}
