import { useQueryClient } from '@tanstack/react-query';
import { Download, Eye, Filter, Receipt, SearchX, X } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SALES_CHANGED_EVENT } from '#shared/sales.ts';
import {
  affiliateSourceFilter,
  hasSalesFilters,
  linkSourceFilter,
  referrerSourceFilter,
  SALE_LIST_STATUSES,
  salesFiltersQuery,
  utmSourceFilter,
} from '#shared/sales-filters.ts';
import type { SalesFilterOptions } from '#shared/sales-api.ts';
import { DownloadLink } from '#web/components/download-link.tsx';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { formatDateTime, formatMoney } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { useSalesFilterOptions, useSalesPages, type SalesFilterParams } from '../api/get-my-sales.ts';
import { MY_SALES_QUERY_KEY, type CreatorSale } from '../api/types.ts';
import { SaleDetailDialog } from '../components/sale-detail-dialog.tsx';
import { SaleSourceText, SaleStatusBadge } from '../components/sale-parts.tsx';

const FILTER_KEYS = ['q', 'productId', 'from', 'to', 'status', 'source'] as const;

/** The filters in the URL (the page's state: a link or a reload keeps them). */
function useUrlFilters(): [SalesFilterParams, (next: SalesFilterParams) => void] {
  const [params, setParams] = useSearchParams();
  const filters: SalesFilterParams = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return [filters, (next) => setParams(salesFiltersQuery(next), { replace: false })];
}

function FilterForm({ filters, options, onApply }: { filters: SalesFilterParams; options: SalesFilterOptions | undefined; onApply: (next: SalesFilterParams) => void }) {
  const { t } = useTranslation('sales');
  const id = useId();
  // What is being chosen, applied with the button (the parent keys this form by the URL's filters, so Back and Clear show what is applied).
  const [draft, setDraft] = useState<SalesFilterParams>(filters);
  const field = (key: (typeof FILTER_KEYS)[number]) => ({
    name: key,
    value: draft[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft((current) => ({ ...current, [key]: event.target.value })),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(Object.fromEntries(FILTER_KEYS.map((key) => [key, (draft[key] ?? '').trim()])));
  };
  return (
    <form
      role="search"
      aria-label={t('page.filters')}
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-3"
    >
      <div className="grid gap-2 sm:col-span-2 lg:col-span-3">
        <Label htmlFor={`${id}-q`}>{t('page.search')}</Label>
        <Input id={`${id}-q`} type="search" maxLength={200} {...field('q')} placeholder={t('page.searchPlaceholder')} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-product`}>{t('page.product')}</Label>
        <select id={`${id}-product`} {...field('productId')} className={selectClass}>
          <option value="">{t('page.allProducts')}</option>
          {options?.products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-status`}>{t('page.status')}</Label>
        <select id={`${id}-status`} {...field('status')} className={selectClass}>
          <option value="">{t('page.allStatuses')}</option>
          {SALE_LIST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`page.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-source`}>{t('page.source')}</Label>
        <select id={`${id}-source`} {...field('source')} className={selectClass}>
          <option value="">{t('page.allSources')}</option>
          <option value="direct">{t('page.sources.direct')}</option>
          <option value="page">{t('page.sources.page')}</option>
          {options?.links.length ? (
            <optgroup label={t('page.sources.links')}>
              {options.links.map((link) => (
                <option key={link.id} value={linkSourceFilter(link.id)}>
                  {link.shortUrl}
                </option>
              ))}
            </optgroup>
          ) : null}
          {options?.utmSources.length ? (
            <optgroup label={t('page.sources.utm')}>
              {options.utmSources.map((source) => (
                <option key={source} value={utmSourceFilter(source)}>
                  {t('page.sources.utmSource', { source })}
                </option>
              ))}
            </optgroup>
          ) : null}
          {options?.affiliates.length ? (
            <optgroup label={t('page.sources.affiliates')}>
              {options.affiliates.map((affiliate) => (
                <option key={affiliate.id} value={affiliateSourceFilter(affiliate.id)}>
                  {affiliate.name ? `${affiliate.name} (${affiliate.email})` : affiliate.email}
                </option>
              ))}
            </optgroup>
          ) : null}
          {options?.referrers.length ? (
            <optgroup label={t('page.sources.referrers')}>
              {options.referrers.map((domain) => (
                <option key={domain} value={referrerSourceFilter(domain)}>
                  {t('page.sources.referrer', { domain })}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-from`}>{t('page.from')}</Label>
        <Input id={`${id}-from`} type="date" {...field('from')} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-to`}>{t('page.to')}</Label>
        <Input id={`${id}-to`} type="date" {...field('to')} />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit">
          <Filter aria-hidden="true" /> {t('page.apply')}
        </Button>
        {hasSalesFilters(filters) ? (
          <Button type="button" variant="outline" onClick={() => onApply({})}>
            <X aria-hidden="true" /> {t('page.clear')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function DetailsButton({ sale, onOpen }: { sale: CreatorSale; onOpen: (id: string) => void }) {
  const { t } = useTranslation('sales');
  return (
    <Button variant="outline" size="sm" onClick={() => onOpen(sale.id)} aria-label={t('page.detailsLabel', { name: sale.productName, email: sale.buyerEmail })}>
      <Eye aria-hidden="true" /> {t('page.details')}
    </Button>
  );
}

function SalesTable({ sales, onOpen }: { sales: CreatorSale[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('sales');
  const money = (cents: number, sale: CreatorSale) => formatMoney(cents, sale.currency);
  return (
    <TableScroll label={t('page.caption')} className="hidden rounded-xl border border-border md:block">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">{t('page.caption')}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-3 font-medium">{t('page.date')}</th>
            <th scope="col" className="px-3 py-3 font-medium">{t('page.productAndBuyer')}</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">{t('page.amount')}</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">{t('page.discount')}</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">{t('page.tax')}</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">{t('page.fee')}</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">{t('page.net')}</th>
            <th scope="col" className="px-3 py-3 font-medium">{t('page.status')}</th>
            <th scope="col" className="px-3 py-3 font-medium">{t('page.source')}</th>
            <th scope="col" className="px-3 py-3 font-medium"><span className="sr-only">{t('page.actions')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {sales.map((sale) => (
            <tr key={sale.id} data-testid="sale-row">
              <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">{formatDateTime(sale.createdAt)}</td>
              <td className="max-w-64 px-3 py-3 [overflow-wrap:anywhere]">
                <span className="block font-medium">{sale.productName}</span>
                <span className="block">{sale.buyerEmail}</span>
                {sale.versionName ? <span className="block text-xs text-muted-foreground">{t('history.version', { name: sale.versionName })}</span> : null}
                {sale.orderNumber ? <span className="block text-xs text-muted-foreground">{t('history.orderNumber', { number: sale.orderNumber })}</span> : null}
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{money(sale.amountCents, sale)}</td>
              <td className="px-3 py-3 text-right tabular-nums">
                {sale.discountCents ? money(sale.discountCents, sale) : '—'}
                {sale.discountCode ? <span className="block text-xs text-muted-foreground">{sale.discountCode}</span> : null}
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{money(sale.taxCents, sale)}</td>
              <td className="px-3 py-3 text-right tabular-nums">{money(sale.feeCents + sale.commissionCents, sale)}</td>
              <td className="px-3 py-3 text-right font-semibold tabular-nums">{money(sale.netCents, sale)}</td>
              <td className="px-3 py-3">
                <SaleStatusBadge sale={sale} />
              </td>
              <td className="max-w-44 px-3 py-3 text-xs [overflow-wrap:anywhere]">
                <SaleSourceText source={sale.source} />
              </td>
              <td className="px-3 py-3 text-right">
                <DetailsButton sale={sale} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function SalesCards({ sales, onOpen }: { sales: CreatorSale[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('sales');
  return (
    <ul aria-label={t('page.caption')} className="grid gap-3 md:hidden">
      {sales.map((sale) => (
        <li key={sale.id} data-testid="sale-card" className="grid gap-2 rounded-xl border border-border bg-card p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">{sale.productName}</p>
              <p className="text-sm break-all text-muted-foreground">{sale.buyerEmail}</p>
            </div>
            <p className="shrink-0 text-right font-semibold tabular-nums">{formatMoney(sale.netCents, sale.currency)}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <SaleStatusBadge sale={sale} />
            <span>{formatDateTime(sale.createdAt)}</span>
            <span>{t('page.amountOf', { amount: formatMoney(sale.amountCents, sale.currency) })}</span>
          </div>
          <p className="text-xs [overflow-wrap:anywhere]">
            <SaleSourceText source={sale.source} />
          </p>
          <div>
            <DetailsButton sale={sale} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/sales: every sale, searched and filtered (the filters in the URL), a page at a time; a sale's detail with its refund; the CSV export of the same. */
export function SalesPage() {
  const { t } = useTranslation('sales');
  usePageTitle(t('page.title'));
  const [filters, setFilters] = useUrlFilters();
  const [openId, setOpenId] = useState<string | null>(null);
  const pages = useSalesPages(filters);
  const options = useSalesFilterOptions();
  const queryClient = useQueryClient();
  useRealtimeEvent(SALES_CHANGED_EVENT, () => void queryClient.invalidateQueries({ queryKey: MY_SALES_QUERY_KEY }));
  const filtered = hasSalesFilters(filters);
  const sales = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const exportHref = `/api/sales/export.csv${filtered ? `?${new URLSearchParams(salesFiltersQuery(filters))}` : ''}`;

  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
          <p className="text-muted-foreground">{t('page.intro')}</p>
        </div>
        <Button asChild variant="outline">
          <DownloadLink href={exportHref} namespace="sales" title={filtered ? t('page.exportFilteredLabel') : t('page.exportLabel')}>
            <Download aria-hidden="true" /> {t('page.export')}
          </DownloadLink>
        </Button>
      </div>
      <FilterForm key={JSON.stringify(filters)} filters={filters} options={options.data} onApply={setFilters} />
      {pages.isPending ? (
        <LoadingState label={t('page.loading')} />
      ) : pages.isError ? (
        <LoadFailedNotice title={t('page.loadFailed')} error={pages.error} namespace="sales" onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      ) : sales.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-8 text-center">
          {filtered ? <SearchX aria-hidden="true" className="size-8 text-brand-soft" /> : <Receipt aria-hidden="true" className="size-8 text-brand-soft" />}
          <p className="font-semibold">{filtered ? t('page.noMatch') : t('page.empty')}</p>
          <p className="text-sm text-muted-foreground">{filtered ? t('page.noMatchHint') : t('history.emptyHint')}</p>
        </div>
      ) : (
        <section aria-label={t('page.results')} aria-busy={pages.isFetching} className="grid gap-4">
          <SalesTable sales={sales} onOpen={setOpenId} />
          <SalesCards sales={sales} onOpen={setOpenId} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('page.shown', { count: sales.length })}
            </p>
            {pages.hasNextPage ? (
              <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? <Spinner /> : null} {pages.isFetchingNextPage ? t('page.loadingMore') : t('page.loadMore')}
              </Button>
            ) : null}
          </div>
        </section>
      )}
      <SaleDetailDialog saleId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
