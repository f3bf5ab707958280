import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditEntry } from '#shared/admin.ts';
import { asCurrency } from '#shared/money.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AdminTable } from '#web/components/admin-table.tsx';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { FilterSelect, ListToolbar } from '../components/list-controls.tsx';
import { useListPaginationTexts } from '../utils/pagination-texts.ts';
import { ListState } from '../components/list-states.tsx';
import { TruncatedText } from '#web/components/truncated-text.tsx';

/** The details worth a glance: from → to, a name, an address, an e-mail; other modules' details as key: value. */
function Details({ details }: { details: Record<string, unknown> }) {
  // Ids are not worth a glance (the target's id is shown beside); amounts in minor units read as money
  // of the details' currency (USD in entries written before currencies).
  const currency = asCurrency(typeof details.currency === 'string' ? details.currency : undefined);
  const entries = Object.entries(details)
    .filter(([key, value]) => value !== null && value !== undefined && typeof value !== 'object' && !/Id$/.test(key))
    .map(([key, value]): [string, unknown] => [key, /Cents$/.test(key) && typeof value === 'number' ? formatMoney(value, currency) : value]);
  if (!entries.length) return null;
  if ('from' in details && 'to' in details) {
    const rest = entries.filter(([key]) => key !== 'from' && key !== 'to');
    return (
      <span>
        {String(details.from)} → {String(details.to)}
        {rest.map(([key, value]) => (
          <span key={key} className="block text-xs text-muted-foreground">
            {String(value)}
          </span>
        ))}
      </span>
    );
  }
  return (
    <span className="grid">
      {entries.map(([key, value]) => (
        <span key={key} className="break-all">
          {String(value)}
        </span>
      ))}
    </span>
  );
}

/** /admin/audit: every admin action, who did it and when, newest first. */
export function AuditLogPage() {
  const { t } = useTranslation('admin');
  const paginationTexts = useListPaginationTexts();
  usePageTitle(t('audit.title'));
  const [search, setSearch] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const { data, isPending, error, refetch } = useAuditLog({ q, action, page });
  const targets: Record<string, string> = {
    user: t('audit.targets.user'),
    product: t('audit.targets.product'),
    link: t('audit.targets.link'),
    domain: t('audit.targets.domain'),
    payout: t('audit.targets.payout'),
    settings: t('audit.targets.settings'),
  };
  const targetLabel = (type: string) => targets[type] ?? type;
  const actionLabel = (value: string) => (AUDIT_ACTIONS as readonly string[]).includes(value) ? t(`audit.actions.${value.replace('.', '_')}`) : value;
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('audit.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('audit.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('audit.listTitle')}</CardTitle>
          <CardDescription aria-live="polite">{data ? t('audit.count', { count: data.total }) : t('list.loading')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ListToolbar search={search} onSearch={filter(setSearch)} searchLabel={t('audit.search')}>
            <FilterSelect
              label={t('audit.action')}
              value={action}
              onChange={filter(setAction)}
              options={[{ value: '', label: t('list.all') }, ...AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))]}
            />
          </ListToolbar>
          <ListState
            isPending={isPending}
            error={data ? null : error}
            isEmpty={data?.items.length === 0}
            loadingLabel={t('list.loading')}
            emptyLabel={t('audit.empty')}
            failedLabel={t('audit.loadFailed')}
            onRetry={() => void refetch()}
          />
          {data && data.items.length > 0 ? (
            <AdminTable
              caption={t('audit.listTitle')}
              minWidth="min-w-[760px]"
              small
              columns={[{ label: t('audit.when') }, { label: t('audit.who') }, { label: t('audit.action') }, { label: t('audit.target') }, { label: t('audit.details') }]}
            >
              {data.items.map((entry: AuditEntry) => (
                <tr key={entry.id} className="border-b border-border align-top last:border-0">
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td className="py-3 pr-4">
                    <TruncatedText text={entry.actorEmail} />
                  </td>
                  <td className="py-3 pr-4">{actionLabel(entry.action)}</td>
                  <td className="py-3 pr-4">
                    <span className="text-muted-foreground">{targetLabel(entry.targetType)}</span> <span className="font-mono text-xs break-all">{entry.targetId}</span>
                  </td>
                  <td className="py-3">
                    <Details details={entry.details} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          ) : null}
          {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} texts={paginationTexts} className="justify-between pt-4" /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
