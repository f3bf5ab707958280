import { useQueryClient } from '@tanstack/react-query';
import { Link2, Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '#web/components/pagination.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import type { LinkStats } from '../api/get-link-stats.ts';
import { LINKS_QUERY_KEY } from '../api/types.ts';
import { MY_LINKS_QUERY_KEY, useMyLinks, type LinkSort, type MyLinksPage } from '../api/get-my-links.ts';
import { useLinkTags } from '../api/link-tags.ts';
import { Notice } from '#web/components/notice.tsx';
import { ImportLinksDialog } from '../components/import-links-dialog.tsx';
import { LinksList } from '../components/links-list.tsx';
import { ShortenForm } from '../components/shorten-form.tsx';
import CreateLinkSettings from '../components/create-link-settings.tsx';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { formatCount } from '#web/lib/format.ts';

const PAGE_SIZE = 10;
const CREATE_SECTION_ID = 'create-link';

/** Keeps every cached list and stats page in step with `links.clicked` events. */
function useLiveClicks() {
  const queryClient = useQueryClient();
  useRealtimeEvent('links.clicked', ({ data }) => {
    if (!Array.isArray(data?.links)) return;
    // More links were clicked than the event lists: the pages shown read their counts again.
    if (data.more) {
      void queryClient.invalidateQueries({ queryKey: MY_LINKS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [...LINKS_QUERY_KEY, 'stats'] });
    }
    // By id: the same code may live on several links domains.
    const totals = new Map(data.links.map((link) => [link.id, link.clicks]));
    const clicksOf = <T extends { id: number; clicks: number }>(item: T): T => (totals.has(item.id) ? { ...item, clicks: Math.max(item.clicks, totals.get(item.id)!) } : item);
    queryClient.setQueriesData<MyLinksPage>({ queryKey: MY_LINKS_QUERY_KEY }, (page) =>
      page && page.items.some((item) => totals.has(item.id)) ? { ...page, items: page.items.map(clicksOf) } : page,
    );
    queryClient.setQueriesData<LinkStats>({ queryKey: [...LINKS_QUERY_KEY, 'stats'] }, (stats) => (stats ? clicksOf(stats) : stats));
  });
}

/** /zerrilink-dashboard: create links that carry the user's id, and manage them. */
export function MyLinksPage() {
  const { t } = useTranslation('links-pages');
  usePageTitle(t('mine.title'));
  useLiveClicks();
  const id = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LinkSort>('date');
  const [page, setPage] = useState(1);
  const [tag, setTag] = useState('');
  const tags = useLinkTags().data?.items ?? [];
  const q = useDebouncedValue(search.trim());
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useMyLinks({ page, pageSize: PAGE_SIZE, q, sort, tag: tag ? Number(tag) : undefined });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const firstShown = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const lastShown = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  const focusCreate = () => {
    const section = document.getElementById(CREATE_SECTION_ID);
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('mine.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('mine.intro')}</p>
        </div>
        <ImportLinksDialog />
      </div>

      <Card id={CREATE_SECTION_ID} className="scroll-mt-24">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Plus aria-hidden="true" className="size-5 text-brand-soft" /> {t('zerrilink.createTitle')}
          </CardTitle>
          <CardDescription>{t('mine.createText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ShortenForm settings={CreateLinkSettings} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <CardTitle>{t('mine.allLinks')}</CardTitle>
            <CardDescription aria-live="polite">
              {data ? t('mine.count', { count: data.total, formatted: formatCount(data.total) }) : t('mine.loading')}
            </CardDescription>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-search`}>{t('mine.search')}</Label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id={`${id}-search`}
                  type="search"
                  placeholder={t('mine.searchPlaceholder')}
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPage(1);
                  }}
                  className="pl-9 sm:w-64"
                />
              </div>
            </div>
            {tags.length > 0 ? (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-tag`}>{t('mine.tag')}</Label>
                <select
                  id={`${id}-tag`}
                  value={tag}
                  onChange={(event) => {
                    setTag(event.target.value);
                    setPage(1);
                  }}
                  className="h-10 cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
                >
                  <option value="">{t('mine.allTags')}</option>
                  {tags.map((item) => (
                    <option key={item.id} value={String(item.id)}>
                      {item.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor={`${id}-sort`}>{t('mine.sort')}</Label>
              <select
                id={`${id}-sort`}
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as LinkSort);
                  setPage(1);
                }}
                className="h-10 cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
              >
                <option value="date">{t('mine.sortDate')}</option>
                <option value="clicks">{t('mine.sortClicks')}</option>
              </select>
            </div>
          </div>
        </CardHeader>
        <CardContent className="px-0 pb-2 sm:px-2">
          {isPending ? (
            <LoadingState label={t('mine.loading')} />
          ) : isError ? (
            <div className="px-4 pb-4">
              <Notice variant="error" title={t('links:common.errorFetching')}>
                <p>{t('mine.loadFailed', { reason: localizeError(error, 'links') })}</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
                  {t('links:common.tryAgain')}
                </Button>
              </Notice>
            </div>
          ) : data.total === 0 ? (
            <div className="flex flex-col items-center gap-3 px-4 py-14 text-center">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
                <Link2 aria-hidden="true" className="size-6" />
              </span>
              {q || tag ? (
                <p className="text-muted-foreground">{q ? t('mine.noMatches', { q }) : t('mine.noTagged')}</p>
              ) : (
                <>
                  <p className="font-medium">{t('mine.empty')}</p>
                  <p className="max-w-sm text-sm text-muted-foreground">{t('mine.emptyText')}</p>
                  <Button onClick={focusCreate}>
                    <Plus aria-hidden="true" /> {t('mine.createFirst')}
                  </Button>
                </>
              )}
            </div>
          ) : (
            <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={isPlaceholderData}>
              <LinksList
                links={data.items}
                onLinkDeleted={() => {
                  if (data.items.length === 1 && page > 1) setPage(page - 1);
                }}
              />
              <nav aria-label={t('mine.pages')} className="flex flex-col items-center justify-between gap-3 border-t border-border px-4 pt-4 pb-2 sm:flex-row">
                <p className="text-sm text-muted-foreground">
                  {t('mine.showing', { first: formatCount(firstShown), last: formatCount(lastShown), total: formatCount(data.total) })}
                  {isFetching ? <Spinner label={t('mine.updating')} className="ml-2 inline size-4" /> : null}
                </p>
                <Pagination
                  page={page}
                  pages={pageCount}
                  onPage={setPage}
                  texts={{
                    previous: t('mine.previous'),
                    next: t('mine.next'),
                    status: (current, count) => t('mine.page', { page: formatCount(current), pages: formatCount(count) }),
                  }}
                  className="gap-2"
                />
              </nav>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
