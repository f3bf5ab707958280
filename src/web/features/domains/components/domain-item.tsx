import { ExternalLink, RefreshCw, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Domain } from '#shared/domains-api.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { CopyButton, type CopyTexts } from '#web/components/copy-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatDate, formatRelativeTime } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useCheckDomain, useRemoveDomain } from '../api/domains.ts';

const STATE_STYLES: Record<Domain['state'], string> = {
  pending: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  verified: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  failed: 'border-red-500/40 bg-red-500/10 text-red-200',
  suspended: 'border-red-500/40 bg-red-500/10 text-red-200',
};
const OVER_PLAN_STYLE = 'border-amber-500/40 bg-amber-500/10 text-amber-200';

/**
 * One domain: its state, the DNS records to add (until verified), Check Now and Remove. A verified
 * domain beyond the plan's number (after a downgrade) says it is not served; `limit` is that number.
 */
export function DomainItem({ domain, limit }: { domain: Domain; limit: number }) {
  const { t } = useTranslation('domains');
  const check = useCheckDomain();
  const remove = useRemoveDomain();
  const [confirming, setConfirming] = useState(false);
  const copyTexts = useMemo<CopyTexts>(
    () => ({
      done: () => ({ title: t('domain.copied') }),
      failed: (error) => ({ title: t('domain.copyFailed'), description: localizeError(error, 'domains', t('common.unexpected')) }),
    }),
    [t],
  );
  const hintDate = domain.state === 'verified' ? domain.verifiedAt : domain.checkUntil;
  const records = [
    { type: 'TXT', name: domain.txtName, value: domain.txtValue },
    { type: 'CNAME', name: domain.hostname, value: domain.cnameTarget },
    ...domain.addresses.map((address) => ({ type: address.includes(':') ? 'AAAA' : 'A', name: domain.hostname, value: address })),
  ];

  const runCheck = () =>
    check.mutate(domain.id, {
      onError: (error) => showToast({ variant: 'error', title: localizeError(error, 'domains', t('common.unexpected')) }),
    });

  return (
    <li className="grid gap-4 rounded-xl border border-border p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 className="text-lg font-semibold break-all">{domain.hostname}</h3>
          <p className="text-sm text-muted-foreground">{t(`domain.${domain.purpose}`)}</p>
        </div>
        <span className={cn('rounded-full border px-2.5 py-0.5 text-xs font-medium', domain.overPlanLimit ? OVER_PLAN_STYLE : STATE_STYLES[domain.state])}>
          {domain.overPlanLimit ? t('domain.state.overPlan') : t(`domain.state.${domain.state}`)}
        </span>
      </div>
      <div className="grid gap-1 text-sm">
        <p>{domain.overPlanLimit ? t('domain.stateHint.overPlan', { count: limit }) : t(`domain.stateHint.${domain.state}`, { date: hintDate ? formatDate(hintDate) : '' })}</p>
        {domain.problem && domain.state !== 'verified' ? (
          <p role="status" className="text-red-300">
            {t(`errors.${domain.problem}`)}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {domain.checkedAt ? t('domain.lastChecked', { time: formatRelativeTime(domain.checkedAt) }) : t('domain.neverChecked')}
        </p>
      </div>
      {domain.state !== 'verified' ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">{t('domain.recordsTitle')}</h4>
          <ul className="grid gap-2">
            {records.map((record, index) => (
              <li key={`${record.type}-${record.value}`} className="grid gap-2 rounded-lg bg-muted/40 p-3 text-sm">
                {index === 2 ? <span className="text-xs text-muted-foreground">{t('domain.or')}</span> : null}
                <dl className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-1">
                  <dt className="text-muted-foreground">{t('domain.type')}</dt>
                  <dd className="font-mono">{record.type}</dd>
                  <dt className="text-muted-foreground">{t('domain.name')}</dt>
                  <dd className="flex min-w-0 items-center gap-2">
                    <code className="min-w-0 break-all">{record.name}</code>
                    <CopyButton text={record.name} texts={copyTexts} label={t('domain.copy', { what: `${record.type} ${t('domain.name')}` })} iconOnly size="icon" variant="ghost" className="size-8 shrink-0" />
                  </dd>
                  <dt className="text-muted-foreground">{t('domain.value')}</dt>
                  <dd className="flex min-w-0 items-center gap-2">
                    <code className="min-w-0 break-all">{record.value}</code>
                    <CopyButton text={record.value} texts={copyTexts} label={t('domain.copy', { what: `${record.type} ${t('domain.value')}` })} iconOnly size="icon" variant="ghost" className="size-8 shrink-0" />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {domain.state === 'verified' && !domain.overPlanLimit ? (
          <Button asChild variant="outline" size="sm">
            <a href={`https://${domain.hostname}/`} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" /> {t('domain.open', { hostname: domain.hostname })}
            </a>
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={runCheck} disabled={check.isPending}>
          {check.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />} {check.isPending ? t('domain.checking') : t('domain.check')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="ghost" size="sm" className="text-red-300">
              <Trash2 aria-hidden="true" /> {t('domain.remove')}
            </Button>
          }
          title={t('domain.removeTitle', { hostname: domain.hostname })}
          description={t('domain.removeText', { what: t(`domain.${domain.purpose}`).toLowerCase() })}
          error={remove.error ? localizeError(remove.error, 'domains', t('common.unexpected')) : undefined}
          cancelLabel={t('common.cancel')}
          confirmLabel={t('domain.removeConfirm')}
          pendingLabel={t('domain.removing')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutateAsync(domain.id).then(
              () => {
                setConfirming(false);
                showToast({ variant: 'success', title: t('domain.removed', { hostname: domain.hostname }) });
              },
              // The failure shows in the dialog (the mutation's error).
              () => {},
            )
          }
        />
      </div>
    </li>
  );
}
