import { useTranslation } from 'react-i18next';
import { DISCOUNT_CODES_MAX } from '#shared/discounts.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useDiscounts } from '../api/get-discounts.ts';
import { DiscountForm } from '../components/discount-form.tsx';
import { DiscountList } from '../components/discount-list.tsx';

/** /dashboard/discounts: my discount codes, and a form for a new one. */
export function DiscountsPage() {
  const { t } = useTranslation('discounts');
  usePageTitle(t('page.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useDiscounts();

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="text-muted-foreground">{t('page.intro')}</p>
      </div>
      {isPending ? (
        <LoadingState label={t('page.loading')} />
      ) : isError ? (
        <LoadFailedNotice title={t('page.loadFailed')} error={error} namespace="discounts" onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{t('create.title')}</CardTitle>
              <CardDescription>{t('create.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              {data.items.length >= DISCOUNT_CODES_MAX ? <Notice title={t('create.limitTitle', { max: DISCOUNT_CODES_MAX })}>{t('create.limitText')}</Notice> : <DiscountForm />}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('list.title')}</CardTitle>
              <CardDescription>{t('list.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <DiscountList items={data.items} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
