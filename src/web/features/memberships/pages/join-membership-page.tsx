import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { BillingInterval } from '#shared/memberships.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { TestModeBanner } from '#web/components/test-mode-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { call } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/auth.ts';
import { formatDate, formatMoney } from '#web/lib/format.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { useJoinMembership, usePlan } from '../api/memberships.ts';

import type { CardFormComponent } from '#web/lib/card-form-slot.ts';

/** /memberships/join/:productId?tier=&interval=: joins a membership with the test provider's card. */
export function JoinMembershipPage({ CardForm }: { CardForm: CardFormComponent }) {
  const { t } = useTranslation('memberships');
  usePageTitle(t('join.title'));
  const { productId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { data: user, isPending: userPending } = useCurrentUser();
  const plan = usePlan(productId);
  const product = useQuery({ queryKey: ['memberships', 'product', productId], queryFn: () => call('GET /api/products/:id', { params: { id: productId } }) });
  const join = useJoinMembership();
  // When the page opened: the trial's end shown is counted from then.
  const [openedAt] = useState(() => Date.now());
  const interval: BillingInterval = search.get('interval') === 'year' ? 'year' : 'month';
  const versionId = search.get('tier') || null;

  let body: ReactNode;
  if (userPending || plan.isPending || product.isPending) body = <LoadingState label={t('join.loading')} />;
  else if (plan.isError || product.isError) {
    body = <LoadFailedNotice title={t('join.loadFailed')} error={plan.error ?? product.error} namespace="memberships" onRetry={() => void plan.refetch()} retrying={plan.isFetching} />;
  } else if (!plan.data) body = <Notice variant="error">{t('errors.membership_plan_not_found')}</Notice>;
  else if (!user) {
    body = (
      <Notice variant="info" title={t('join.signInTitle')}>
        <p>{t('join.signInBody')}</p>
        <Button asChild className="mt-3">
          <Link to="/auth" state={{ defaultTab: 'login', from: `/memberships/join/${productId}?${search.toString()}` }}>
            {t('join.logIn')}
          </Link>
        </Button>
      </Notice>
    );
  } else {
    const tier = plan.data.tiers.find((candidate) => candidate.versionId === versionId) ?? plan.data.tiers[0]!;
    const cents = (interval === 'month' ? tier.monthlyCents : tier.yearlyCents) ?? tier.monthlyCents ?? tier.yearlyCents ?? 0;
    const price = t(`join.${interval}`, { price: formatMoney(cents, plan.data.currency) });
    // One free trial per buyer e-mail and product: joining again is charged at once.
    const trialDays = plan.data.trialUsed ? 0 : plan.data.trialDays;
    const trialEnd = new Date(openedAt + trialDays * 24 * 3600 * 1000).toISOString();
    body = (
      <div className="grid gap-5">
        <dl className="grid gap-2 rounded-xl border border-border bg-muted/30 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('join.product')}</dt>
            <dd className="text-right font-medium">{tier.name ? `${product.data.product.name} (${tier.name})` : product.data.product.name}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t('join.price')}</dt>
            <dd className="text-right font-medium">{price}</dd>
          </div>
          {trialDays > 0 ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t('join.firstCharge')}</dt>
              <dd className="text-right font-medium">{formatDate(trialEnd)}</dd>
            </div>
          ) : null}
        </dl>
        {trialDays > 0 ? <p className="text-sm text-muted-foreground">{t('join.trialNote', { count: trialDays })}</p> : null}
        {plan.data.trialUsed && plan.data.trialDays > 0 ? <p className="text-sm text-muted-foreground">{t('join.trialUsed', { price })}</p> : null}
        <CardForm
          namespace="memberships"
          pending={join.isPending}
          submitLabel={trialDays > 0 ? t('join.startTrial') : t('join.pay', { price })}
          submit={(card) => join.mutateAsync({ productId, versionId: tier.versionId, interval, card })}
          onDone={() => {
            showToast({ title: t('join.doneTitle'), description: t('join.doneText'), variant: 'success' });
            void navigate('/library');
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <TestModeBanner />
      <Card>
        <CardHeader>
          <CardTitle>{t('join.title')}</CardTitle>
          <CardDescription>{t('join.intro')}</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
