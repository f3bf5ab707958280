import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { UpgradeNotice } from '#web/components/upgrade-notice.tsx';
import { isApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import type { CreatedApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { ApiKeyList } from '../components/api-key-list.tsx';
import { CreateApiKeyForm } from '../components/create-api-key-form.tsx';
import { NewApiKeyPanel } from '../components/new-api-key-panel.tsx';

/** /dashboard/api-keys: keys for the links and products APIs (Business plan). */
export function ApiKeysPage() {
  const { t } = useTranslation('api-keys');
  usePageTitle(t('page.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey>();
  const needsBusiness = isApiError(error, 403);

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('page.intro')}</p>
      </div>
      {isPending ? (
        <LoadingState label={t('page.loading')} />
      ) : needsBusiness ? (
        <UpgradeNotice title={t('plan.title')}>{t('plan.text')}</UpgradeNotice>
      ) : isError ? (
        <LoadFailedNotice title={t('page.loadFailed')} error={error} namespace="api-keys" onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{t('create.title')}</CardTitle>
              <CardDescription>{t('create.description')}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              {created ? <NewApiKeyPanel created={created} onDone={() => setCreated(undefined)} /> : <CreateApiKeyForm onCreated={setCreated} />}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('list.title')}</CardTitle>
              <CardDescription>{t('list.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <ApiKeyList items={data.items} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
