import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '#web/components/rich-text.tsx';
import { WEBHOOK_ENDPOINTS_MAX } from '#shared/webhooks.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import type { CreatedWebhook } from '../api/create-webhook.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { CreateWebhookForm } from '../components/create-webhook-form.tsx';
import { NewWebhookSecretPanel } from '../components/new-webhook-secret-panel.tsx';
import { WebhookList } from '../components/webhook-list.tsx';

/** /dashboard/webhooks and /admin/webhooks: my webhook endpoints, their secrets (once) and delivery logs. */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  usePageTitle(t('page.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook>();

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        <p className="text-muted-foreground">{t('page.intro')}</p>
        <p className="text-sm text-muted-foreground">
          <RichText text={t('page.docs')} components={{
              spec: <a href="https://www.standardwebhooks.com/" target="_blank" rel="noopener noreferrer" className="font-medium text-brand-soft underline underline-offset-4" />,
            }} />
        </p>
      </div>
      {isPending ? (
        <LoadingState label={t('page.loading')} />
      ) : isError ? (
        <LoadFailedNotice title={t('page.loadFailed')} error={error} namespace="webhooks" onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>{t('create.title')}</CardTitle>
              <CardDescription>{t('create.description', { max: WEBHOOK_ENDPOINTS_MAX })}</CardDescription>
            </CardHeader>
            <CardContent>
              {created ? (
                <NewWebhookSecretPanel created={created} onDone={() => setCreated(undefined)} />
              ) : data.items.length >= WEBHOOK_ENDPOINTS_MAX ? (
                <Notice title={t('create.limitTitle', { max: WEBHOOK_ENDPOINTS_MAX })}>{t('create.limitText')}</Notice>
              ) : (
                <CreateWebhookForm onCreated={setCreated} />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('list.title')}</CardTitle>
              <CardDescription>{t('list.description')}</CardDescription>
            </CardHeader>
            <CardContent>
              <WebhookList items={data.items} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
