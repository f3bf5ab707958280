import { Ban, ExternalLink, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminLink } from '#shared/admin.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useAdminLinks } from '../api/get-admin-links.ts';
import { useSetLinkBanned } from '../api/set-link-banned.ts';
import { AdminTable } from '#web/components/admin-table.tsx';
import { BlockDomainForm } from '../components/block-domain-form.tsx';
import { ConfirmAction } from '../components/confirm-action.tsx';
import { formatCount, formatDate } from '#web/lib/format.ts';
import { Pagination } from '#web/components/pagination.tsx';
import { FilterSelect, ListToolbar } from '../components/list-controls.tsx';
import { useListPaginationTexts } from '../utils/pagination-texts.ts';
import { ListState } from '../components/list-states.tsx';
import { TruncatedText } from '#web/components/truncated-text.tsx';

/** Ban a whole domain: the ZerriLink blocklist refuses new links to it and stops its existing ones. */
function LinkRow({ link }: { link: AdminLink }) {
  const { t } = useTranslation('admin');
  const setBanned = useSetLinkBanned();
  // A links domain's code is named with its domain (go.example.com/abc), the main host's as /z/abc.
  const path = link.domain ? `${link.domain}/${link.code}` : `/z/${link.code}`;
  const act = async (banned: boolean) => {
    try {
      await setBanned.mutateAsync({ code: link.code, domain: link.domain, banned });
      showToast({ title: banned ? t('links.banned') : t('links.unbanned'), description: path, variant: 'success' });
    } catch (error) {
      showToast({ title: t('links.failed'), description: localizeError(error, 'admin', t('links.failed')), variant: 'error' });
      throw error;
    }
  };
  return (
    <tr className="border-b border-border last:border-0">
      <td className="py-3 pr-4 font-mono text-sm">{path}</td>
      <td className="max-w-xs py-3 pr-4">
        <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex max-w-full items-center gap-1 text-sm text-brand-soft hover:underline">
          <span className="truncate">{link.url}</span> <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
        </a>
      </td>
      <td className="py-3 pr-4 text-sm">{link.owner ? <TruncatedText text={link.owner.email} /> : <span className="text-muted-foreground">{t('links.anonymous')}</span>}</td>
      <td className="py-3 pr-4 text-sm tabular-nums">{formatCount(link.clicks)}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">{formatDate(link.createdAt)}</td>
      <td className="py-3 pr-4">
        {link.bannedAt ? (
          <span className="rounded-full border border-red-500/40 bg-red-500/10 px-2.5 py-0.5 text-xs font-medium text-red-200">{t('links.bannedStatus')}</span>
        ) : (
          <span className="rounded-full border border-emerald-500/40 bg-emerald-500/10 px-2.5 py-0.5 text-xs font-medium text-emerald-200">{t('links.activeStatus')}</span>
        )}
      </td>
      <td className="py-3 text-right whitespace-nowrap">
        {link.bannedAt ? (
          <ConfirmAction
            trigger={
              <>
                <RotateCcw aria-hidden="true" /> {t('links.unban')}
              </>
            }
            triggerLabel={t('links.unbanLabel', { code: link.code })}
            title={t('links.unbanTitle', { code: link.code })}
            description={t('links.unbanDescription')}
            confirmLabel={t('links.unban')}
            pendingLabel={t('list.working')}
            onConfirm={() => act(false)}
          />
        ) : (
          <ConfirmAction
            trigger={
              <>
                <Ban aria-hidden="true" /> {t('links.ban')}
              </>
            }
            triggerLabel={t('links.banLabel', { code: link.code })}
            title={t('links.banTitle', { code: link.code })}
            description={t('links.banDescription')}
            confirmLabel={t('links.ban')}
            pendingLabel={t('list.working')}
            destructive
            onConfirm={() => act(true)}
          />
        )}
      </td>
    </tr>
  );
}

/** /admin/links: ban a short link (it stops redirecting at once) or a whole domain (the blocklist). */
export function LinksPage() {
  const { t } = useTranslation('admin');
  const paginationTexts = useListPaginationTexts();
  usePageTitle(t('links.title'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const { data, isPending, error, refetch } = useAdminLinks({ q, status, page });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('links.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('links.subtitle')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('links.domainTitle')}</CardTitle>
          <CardDescription>
            {t('links.domainDescription')}{' '}
            <Link to="/admin/blocked-domains" className="text-brand-soft underline underline-offset-4">
              {t('links.blocklist')}
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BlockDomainForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('links.listTitle')}</CardTitle>
          <CardDescription aria-live="polite">{data ? t('links.count', { count: data.total }) : t('list.loading')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ListToolbar search={search} onSearch={filter(setSearch)} searchLabel={t('links.search')}>
            <FilterSelect
              label={t('links.status')}
              value={status}
              onChange={filter(setStatus)}
              options={[
                { value: '', label: t('list.all') },
                { value: 'active', label: t('links.activeStatus') },
                { value: 'banned', label: t('links.bannedStatus') },
              ]}
            />
          </ListToolbar>
          <ListState
            isPending={isPending}
            error={data ? null : error}
            isEmpty={data?.items.length === 0}
            loadingLabel={t('list.loading')}
            emptyLabel={t('links.empty')}
            failedLabel={t('links.loadFailed')}
            onRetry={() => void refetch()}
          />
          {data && data.items.length > 0 ? (
            <AdminTable
              caption={t('links.listTitle')}
              minWidth="min-w-[860px]"
              columns={[
                { label: t('links.code') },
                { label: t('links.target') },
                { label: t('links.owner') },
                { label: t('links.clicks') },
                { label: t('links.created') },
                { label: t('links.status') },
                { label: t('list.actions'), srOnly: true, align: 'right', fit: true },
              ]}
            >
              {data.items.map((link) => (
                <LinkRow key={`${link.domain ?? ''}/${link.code}`} link={link} />
              ))}
            </AdminTable>
          ) : null}
          {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} texts={paginationTexts} className="justify-between pt-4" /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
