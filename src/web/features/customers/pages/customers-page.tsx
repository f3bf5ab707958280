import { Download, Search, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_KINDS, type CustomerKind } from '#shared/customers.ts';
import { DownloadLink } from '#web/components/download-link.tsx';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { selectClass } from '#web/components/ui/select.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useCustomers, useMyProductNames, type Customer, type CustomerFilters } from '../api/customers.ts';
import { MembershipBadge, SubscriptionBadge } from '../components/customer-badges.tsx';
import { CustomerHistoryDialog } from '../components/customer-history-dialog.tsx';
import { ImportSubscribersDialog } from '../components/import-subscribers-dialog.tsx';

const date = (iso: string | null) => (iso ? formatDate(iso) : '—');

function Products({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  if (customer.purchases === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span>
      <span className="line-clamp-2">{customer.products.join(', ')}</span>
      <span className="block text-xs text-muted-foreground">{t('purchases', { count: customer.purchases })}</span>
    </span>
  );
}

/** /dashboard/customers: everyone who bought from or follows the creator, searchable, with each person's history, the import and the export. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  usePageTitle(t('title'));
  const id = useId();
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState('');
  const [kind, setKind] = useState<CustomerKind | ''>('');
  const [subscribed, setSubscribed] = useState<'yes' | 'no' | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const q = useDebouncedValue(search.trim());
  const filters: CustomerFilters = { q: q || undefined, productId: productId || undefined, kind: kind || undefined, subscribed: subscribed || undefined };
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const customers = useCustomers(filters);
  const products = useMyProductNames();
  const historyLabel = (customer: Customer) => t('openHistory', { person: customer.name ?? customer.email });

  let body;
  if (customers.isPending) body = <LoadingState label={t('loading')} />;
  else if (customers.isError) {
    body = <LoadFailedNotice title={t('loadFailed')} error={customers.error} namespace="customers" onRetry={() => void customers.refetch()} retrying={customers.isFetching} />;
  } else {
    const items = customers.data.pages.flatMap((page) => page.items);
    if (items.length === 0) {
      body = (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-8 text-center">
          <Users aria-hidden="true" className="size-8 text-brand-soft" />
          <p className="font-semibold">{filtered ? t('noMatch') : t('empty')}</p>
          <p className="text-sm text-muted-foreground">{filtered ? t('noMatchHint') : t('emptyHint')}</p>
        </div>
      );
    } else {
      body = (
        <div className="grid gap-4">
          {/* Desktop: a table. */}
          <TableScroll label={t('caption')} className="hidden rounded-xl border border-border md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('caption')}</caption>
              <thead className="bg-muted/50 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">{t('columns.person')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('columns.products')}</th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">{t('columns.spent')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('columns.first')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('columns.last')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('columns.membership')}</th>
                  <th scope="col" className="px-4 py-3 font-medium">{t('columns.subscribed')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((customer) => (
                  <tr key={customer.email} className="border-t border-border align-top">
                    <td className="max-w-64 px-4 py-3">
                      <button type="button" className="cursor-pointer text-left font-medium break-all text-foreground underline-offset-4 hover:underline" aria-label={historyLabel(customer)} onClick={() => setOpen(customer.email)}>
                        {customer.name ?? customer.email}
                      </button>
                      {customer.name ? <span className="block text-xs break-all text-muted-foreground">{customer.email}</span> : null}
                    </td>
                    <td className="max-w-56 px-4 py-3">
                      <Products customer={customer} />
                    </td>
                    <td className="px-4 py-3 text-right font-medium tabular-nums">{formatMoney(customer.totalSpentCents, customer.currency)}</td>
                    <td className="px-4 py-3 whitespace-nowrap tabular-nums">{date(customer.firstPurchaseAt)}</td>
                    <td className="px-4 py-3 whitespace-nowrap tabular-nums">{date(customer.lastPurchaseAt)}</td>
                    <td className="px-4 py-3">
                      <MembershipBadge state={customer.membership} />
                    </td>
                    <td className="px-4 py-3">
                      <SubscriptionBadge state={customer.subscription} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {/* Phone: a card per person. */}
          <ul className="grid gap-3 md:hidden" aria-label={t('caption')}>
            {items.map((customer) => (
              <li key={customer.email} className="grid gap-2 rounded-xl border border-border bg-card p-4 text-sm">
                <div className="grid justify-items-start gap-1">
                  <p className="font-medium break-all">{customer.name ?? customer.email}</p>
                  {customer.name ? <p className="text-xs break-all text-muted-foreground">{customer.email}</p> : null}
                  <SubscriptionBadge state={customer.subscription} />
                </div>
                <Products customer={customer} />
                <dl className="grid grid-cols-2 gap-2">
                  <div>
                    <dt className="text-xs text-muted-foreground">{t('columns.spent')}</dt>
                    <dd className="font-medium tabular-nums">{formatMoney(customer.totalSpentCents, customer.currency)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">{t('columns.membership')}</dt>
                    <dd>
                      <MembershipBadge state={customer.membership} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">{t('columns.first')}</dt>
                    <dd className="tabular-nums">{date(customer.firstPurchaseAt)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">{t('columns.last')}</dt>
                    <dd className="tabular-nums">{date(customer.lastPurchaseAt)}</dd>
                  </div>
                </dl>
                <Button variant="outline" size="sm" className="justify-self-start" aria-label={historyLabel(customer)} onClick={() => setOpen(customer.email)}>
                  {t('history.open')}
                </Button>
              </li>
            ))}
          </ul>
          {customers.hasNextPage ? (
            <Button variant="outline" className="justify-self-center" disabled={customers.isFetchingNextPage} onClick={() => void customers.fetchNextPage()}>
              {customers.isFetchingNextPage ? t('loadingMore') : t('more')}
            </Button>
          ) : null}
        </div>
      );
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="text-muted-foreground">{t('intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ImportSubscribersDialog />
          {/* Everyone, not only this page: GET /api/audience/export.csv streams them all (src/shared/customers.ts). */}
          <Button asChild variant="outline">
            <DownloadLink href="/api/audience/export.csv" namespace="customers" title={t('exportLabel')}>
              <Download aria-hidden="true" /> {t('export')}
            </DownloadLink>
          </Button>
        </div>
      </div>
      <div role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('filters.label')}>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-q`}>{t('filters.search')}</Label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input id={`${id}-q`} type="search" className="pl-9" value={search} placeholder={t('filters.searchPlaceholder')} onChange={(event) => setSearch(event.target.value)} />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-product`}>{t('filters.product')}</Label>
          <select id={`${id}-product`} className={selectClass} value={productId} onChange={(event) => setProductId(event.target.value)}>
            <option value="">{t('filters.anyProduct')}</option>
            {(products.data?.items ?? []).map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-kind`}>{t('filters.kind')}</Label>
          <select id={`${id}-kind`} className={selectClass} value={kind} onChange={(event) => setKind(event.target.value as CustomerKind | '')}>
            <option value="">{t('filters.anyKind')}</option>
            {CUSTOMER_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-subscribed`}>{t('filters.subscribed')}</Label>
          <select id={`${id}-subscribed`} className={selectClass} value={subscribed} onChange={(event) => setSubscribed(event.target.value as 'yes' | 'no' | '')}>
            <option value="">{t('filters.anySubscribed')}</option>
            <option value="yes">{t('filters.yes')}</option>
            <option value="no">{t('filters.no')}</option>
          </select>
        </div>
      </div>
      {body}
      <CustomerHistoryDialog email={open} onClose={() => setOpen(null)} />
    </div>
  );
}
