import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { PLAN_BILLING_ID } from '#web/lib/plan-billing.ts';
import { useDomains } from '../api/domains.ts';
import { AddDomainForm } from '../components/add-domain-form.tsx';
import { DomainItem } from '../components/domain-item.tsx';

/** /dashboard/domains: my storefront and short-link domains, their DNS records and states. */
export function DomainsPage() {
  const { t } = useTranslation('domains');
  usePageTitle(t('page.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useDomains();
  const unserved = data?.items.filter((domain) => domain.overPlanLimit).map((domain) => domain.hostname) ?? [];

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="text-muted-foreground">{t('page.intro')}</p>
      </div>
      {isPending ? (
        <LoadingState label={t('page.loading')} />
      ) : isError ? (
        <LoadFailedNotice title={t('page.loadFailed')} error={error} namespace="domains" onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{t('add.title')}</CardTitle>
              <CardDescription>{t('add.description', { max: data.limit, count: data.items.length })}</CardDescription>
            </CardHeader>
            <CardContent>
              {data.items.length >= data.limit ? (
                <Notice title={t('add.limitTitle', { max: data.limit })}>{t('add.limitText')}</Notice>
              ) : (
                <AddDomainForm />
              )}
            </CardContent>
          </Card>
          <section aria-labelledby="domains-list" className="grid gap-4">
            <h2 id="domains-list" className="text-xl font-semibold">
              {t('list.title')}
            </h2>
            {unserved.length > 0 ? (
              <Notice title={t('list.overPlanTitle', { count: unserved.length, hostnames: unserved.join(', ') })}>
                {t('list.overPlanText', { count: data.limit })}{' '}
                <Link to={`/dashboard/settings#${PLAN_BILLING_ID}`} className="font-medium underline underline-offset-4">
                  {t('list.overPlanLink')}
                </Link>
              </Notice>
            ) : null}
            {data.items.length === 0 ? (
              <p className="text-muted-foreground">{t('list.empty')}</p>
            ) : (
              <ul className="grid gap-4">
                {data.items.map((domain) => (
                  <DomainItem key={domain.id} domain={domain} limit={data.limit} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
