import { ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useBlockedDomains } from '../api/get-blocked-domains.ts';
import { useUnblockDomain } from '../api/unblock-domain.ts';
import { BlockDomainForm } from '../components/block-domain-form.tsx';
import { LinkReportsPanel } from '../components/link-reports-panel.tsx';
import { formatDate } from '#web/lib/format.ts';

function UnblockButton({ domain }: { domain: string }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const unblock = useUnblockDomain();
  const confirm = () =>
    unblock.mutateAsync(domain).then(
      () => {
        setOpen(false);
        showToast({ title: t('blocked.unblockedTitle'), description: t('blocked.unblockedText', { domain }), variant: 'success' });
      },
      (error) => showToast({ title: t('blocked.error'), description: localizeError(error, 'admin', t('blocked.unexpected')), variant: 'error' }),
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" aria-label={t('blocked.removeLabel', { domain })}>
          <Trash2 aria-hidden="true" /> {t('blocked.remove')}
        </Button>
      }
      title={t('blocked.removeTitle', { domain })}
      description={t('blocked.removeText', { domain })}
      cancelLabel={t('list.cancel')}
      confirmLabel={t('blocked.removeConfirm')}
      pendingLabel={t('blocked.removing')}
      pending={unblock.isPending}
      tone="default"
      onConfirm={confirm}
      closeLabel={t('list.close')}
    />
  );
}

/** /admin/blocked-domains: domains refused by ZerriLink (new links refused, existing ones stop redirecting). */
export function BlockedDomainsPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('blocked.title'));
  const { data, isPending, isError, error, refetch, isFetching } = useBlockedDomains();
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('blocked.title')}</h1>
        <p className="mt-1 text-muted-foreground">
          {t('blocked.subtitle')}
        </p>
      </div>
      <LinkReportsPanel />
      <Card>
        <CardHeader>
          <CardTitle>{t('blocked.formTitle')}</CardTitle>
          <CardDescription>{t('blocked.formDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <BlockDomainForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('blocked.listTitle')}</CardTitle>
          <CardDescription aria-live="polite">
            {data ? t('blocked.count', { count: data.items.length }) : t('list.loading')}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <LoadingState label={t('blocked.loadingList')} />
          ) : forbidden ? (
            <div role="alert" className="flex items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
              <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-red-300" />
              <p>{t('errors.adminsOnly')}</p>
            </div>
          ) : isError ? (
            <div role="alert" className="grid gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
              <p>{t('blocked.loadFailed', { reason: localizeError(error, 'admin', t('blocked.unexpected')) })}</p>
              <div>
                <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
                  {t('list.tryAgain')}
                </Button>
              </div>
            </div>
          ) : data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-10 text-center">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
                <ShieldCheck aria-hidden="true" className="size-6" />
              </span>
              <p className="text-muted-foreground">{t('blocked.empty')}</p>
            </div>
          ) : (
            <ul aria-label={t('blocked.title')} className="divide-y divide-border rounded-lg border border-border">
              {data.items.map((item) => (
                <li key={item.domain} className="flex items-center justify-between gap-4 px-4 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-mono text-sm font-medium">{item.domain}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={item.createdAt}>{t('blocked.blockedOn', { date: formatDate(item.createdAt) })}</time>
                    </p>
                  </div>
                  <UnblockButton domain={item.domain} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
