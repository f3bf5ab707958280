import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKind } from '#shared/auth.ts';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';

// Each role's home in its own chunk. The creator overview gets its Generate Payment Link quick action from
// the payments feature and its "Get your store ready" checklist from the onboarding feature.
const CreatorHome = lazy(async () => {
  const [{ OverviewPage }, { PaymentLinkDialog }, { OnboardingChecklist }] = await Promise.all([
    import('#web/features/sales/pages/overview-page.tsx'),
    import('#web/features/invoices/components/payment-link-dialog.tsx'),
    import('#web/features/onboarding/components/onboarding-checklist.tsx'),
  ]);
  return {
    default: () => <OverviewPage paymentLinkAction={<PaymentLinkDialog className="justify-start" />} onboarding={<OnboardingChecklist />} />,
  };
});
const BuyerHome = lazy(async () => ({ default: (await import('./buyer-home.tsx')).BuyerHome }));
const CompanyHome = lazy(async () => ({ default: (await import('./company-home.tsx')).CompanyHome }));

/**
 * /dashboard's index: each role its own home (#20.2, the rule is dashboardKind in src/shared/auth.ts):
 * a creator the store overview, a buyer their purchases and community, a company its jobs.
 */
export function DashboardHome() {
  const { data: user } = useCurrentUser();
  const { t } = useTranslation('sales');
  if (!user) return null; // the guard has sent visitors to /auth
  const kind = dashboardKind(user.role);
  return (
    <Suspense fallback={<LoadingState label={t('overview.loading')} />}>
      {kind === 'buyer' ? <BuyerHome user={user} /> : kind === 'company' ? <CompanyHome user={user} /> : <CreatorHome />}
    </Suspense>
  );
}
