import { CircleDollarSign, Clock, TrendingDown, TriangleAlert, UserCheck, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { StatCard } from '#web/components/stat-card.tsx';
import { TableScroll } from '#web/components/table-scroll.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useMembers } from '../api/memberships.ts';
import { StatusBadge } from '../components/status-badge.tsx';

/** /dashboard/members: the creator's members by status, MRR and churn, and the list. */
export function MembersPage() {
  const { t } = useTranslation('memberships');
  usePageTitle(t('members.title'));
  const members = useMembers();

  let body;
  if (members.isPending) body = <LoadingState label={t('members.loading')} />;
  else if (members.isError) {
    body = <LoadFailedNotice title={t('members.loadFailed')} error={members.error} namespace="memberships" onRetry={() => void members.refetch()} retrying={members.isFetching} />;
  } else {
    const { counts, mrr, churnPercent, items } = members.data;
    body = (
      <>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <StatCard label={t('members.active')} value={counts.active} icon={UserCheck} />
          <StatCard label={t('members.trialing')} value={counts.trialing} icon={Clock} />
          <StatCard label={t('members.pastDue')} value={counts.pastDue} icon={TriangleAlert} />
          <StatCard label={t('members.canceled')} value={counts.canceled} icon={UserX} />
          <StatCard
            label={t('members.mrr')}
            value={mrr.length === 0 ? formatMoney(0) : mrr.map((line) => formatMoney(line.cents, line.currency)).join(' · ')}
            icon={CircleDollarSign}
            hint={t('members.mrrHint')}
          />
          <StatCard label={t('members.churn')} value={`${churnPercent.toLocaleString(undefined, { maximumFractionDigits: 1 })} %`} icon={TrendingDown} hint={t('members.churnHint')} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>{t('members.listTitle')}</CardTitle>
            <CardDescription>{t('members.listDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            {items.length === 0 ? (
              <p className="py-6 text-center text-muted-foreground">{t('members.empty')}</p>
            ) : (
              <TableScroll label={t('members.listTitle')}>
                <table className="w-full min-w-[640px] text-left text-sm">
                  <thead className="text-muted-foreground">
                    <tr className="border-b border-border">
                      <th scope="col" className="py-2 pr-3 font-medium">{t('members.member')}</th>
                      <th scope="col" className="py-2 pr-3 font-medium">{t('members.membership')}</th>
                      <th scope="col" className="py-2 pr-3 font-medium">{t('members.price')}</th>
                      <th scope="col" className="py-2 pr-3 font-medium">{t('members.status')}</th>
                      <th scope="col" className="py-2 font-medium">{t('members.periodEnd')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((member) => (
                      <tr key={member.id} className="border-b border-border/60 last:border-0">
                        <td className="py-3 pr-3">
                          <span className="block font-medium">{member.name ?? member.email}</span>
                          {member.name ? <span className="block text-xs text-muted-foreground">{member.email}</span> : null}
                        </td>
                        <td className="py-3 pr-3">{member.tierName ? `${member.productName} (${member.tierName})` : member.productName}</td>
                        <td className="py-3 pr-3 tabular-nums">{t(`join.${member.interval}`, { price: formatMoney(member.priceCents, member.currency) })}</td>
                        <td className="py-3 pr-3">
                          <StatusBadge status={member.status} />
                          {member.cancelAtPeriodEnd ? <span className="mt-1 block text-xs text-muted-foreground">{t('members.ending')}</span> : null}
                        </td>
                        <td className="py-3 tabular-nums">{formatDate(member.currentPeriodEnd)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </CardContent>
        </Card>
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('members.title')}</h1>
        <p className="text-muted-foreground">{t('members.intro')}</p>
      </div>
      {body}
    </div>
  );
}
