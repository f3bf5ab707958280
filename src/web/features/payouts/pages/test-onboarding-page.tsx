import { ArrowLeft, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/page-title.ts';
import { useCompleteTestOnboarding } from '../api/complete-test-onboarding.ts';
import { billingError } from '../utils/messages.ts';

/** Where the creator comes back to once the onboarding is done, as from Stripe's. */
const RETURN_TO = '/dashboard/payouts?connect=return';

/**
 * /dashboard/payouts/test-onboarding: the built-in test provider's onboarding, standing in for
 * Stripe's page (decision 035). No real money moves; submitting gives the test account its details, and
 * it takes transfers at once.
 */
export function TestOnboardingPage() {
  const { t } = useTranslation('payouts');
  usePageTitle(t('testOnboarding.title'));
  const navigate = useNavigate();
  const submit = useCompleteTestOnboarding();
  const leaving = submit.isPending || submit.isSuccess;

  const onSubmit = () =>
    submit.mutate(undefined, {
      onSuccess: () => void navigate(RETURN_TO),
    });

  return (
    <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('testOnboarding.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('testOnboarding.intro')}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FlaskConical aria-hidden="true" className="size-5 text-brand-soft" /> {t('testOnboarding.cardTitle')}
          </CardTitle>
          <CardDescription>{t('testOnboarding.cardIntro')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {submit.isError ? (
            <Notice variant="error" title={t('testOnboarding.failed')}>
              {billingError(submit.error)}
            </Notice>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={leaving} onClick={onSubmit}>
              {leaving ? <Spinner className="text-primary-foreground" /> : null} {t('testOnboarding.submit')}
            </Button>
            <Button asChild variant="ghost">
              <Link to="/dashboard/payouts">
                <ArrowLeft aria-hidden="true" /> {t('testOnboarding.back')}
              </Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
