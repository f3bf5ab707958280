import { useQueryClient } from '@tanstack/react-query';
import { Circle, CircleCheck, Copy, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ONBOARDING_PATHS, type OnboardingStep } from '#shared/onboarding.ts';
import { SALES_CHANGED_EVENT } from '#shared/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { copyToClipboard } from '#web/lib/clipboard.ts';
import { useRealtimeEvent } from '#web/lib/realtime.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { onboardingQueryOptions, useDismissOnboarding, useMarkOnboardingShared, useOnboarding } from '../api/get-onboarding.ts';
import { useDashboardBase } from '#web/lib/dashboard-base.ts';

/** Each step's title (its link's text) and hint, as literal keys so that the key test sees them. */
function useStepTexts(): Record<OnboardingStep, { title: string; hint: string }> {
  const { t } = useTranslation('onboarding');
  return {
    confirm_email: { title: t('steps.confirmEmail.title'), hint: t('steps.confirmEmail.hint') },
    payouts: { title: t('steps.payouts.title'), hint: t('steps.payouts.hint') },
    first_product: { title: t('steps.firstProduct.title'), hint: t('steps.firstProduct.hint') },
    store: { title: t('steps.store.title'), hint: t('steps.store.hint') },
    share: { title: t('steps.share.title'), hint: t('steps.share.hint') },
    first_sale: { title: t('steps.firstSale.title'), hint: t('steps.firstSale.hint') },
  };
}

/** The checklist follows what ticks its steps as it happens: payouts, products, the profile and sales. */
function useLiveOnboarding(userId: string | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: onboardingQueryOptions().queryKey });
  useRealtimeEvent(SALES_CHANGED_EVENT, refresh);
  useRealtimeEvent('payouts.changed', refresh);
  useRealtimeEvent('profile.updated', refresh);
  useRealtimeEvent('products.changed', (event) => {
    if (userId && event.data.userId === userId) refresh();
  });
}

/**
 * Issue #46: the creator overview's "Get your store ready" checklist, until every step is done or the
 * creator hides it. Each step links to the page that does it and is ticked once what it asks for exists
 * (GET /api/my/onboarding). Nothing shows while it loads or when it cannot be loaded: the overview works without it.
 */
export function OnboardingChecklist() {
  const { t } = useTranslation('onboarding');
  const headingId = useId();
  const { data: user } = useCurrentUser();
  useLiveOnboarding(user?.id);
  const { data } = useOnboarding();
  const shared = useMarkOnboardingShared();
  const dismiss = useDismissOnboarding();
  const texts = useStepTexts();
  // Under /creator-dashboard the steps' pages are that dashboard's.
  const base = useDashboardBase();

  if (!data || data.hidden) return null;

  const total = data.steps.length;
  const done = data.steps.filter((step) => step.done).length;
  const progress = t('progress', { done, total });

  const copyStoreLink = async () => {
    try {
      await copyToClipboard(data.storeUrl);
    } catch {
      showToast({ title: t('copy.failed'), description: data.storeUrl, variant: 'error' });
      return;
    }
    showToast({ title: t('copy.done'), description: data.storeUrl, variant: 'success' });
    shared.mutate(undefined, { onError: () => showToast({ title: t('errors.saveFailed'), variant: 'error' }) });
  };

  const hide = () => dismiss.mutate(undefined, { onError: () => showToast({ title: t('errors.dismissFailed'), variant: 'error' }) });

  return (
    <Card className="p-5 sm:p-6" aria-labelledby={headingId} role="region">
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 pt-0.5 text-lg font-semibold tracking-tight">
          {t('title')}
        </h2>
        <Button variant="ghost" size="sm" className="-mr-2 -mt-0.5 shrink-0 sm:mr-0" onClick={hide} disabled={dismiss.isPending}>
          <X aria-hidden="true" /> {t('dismiss')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t('intro')}</p>

      <div className="mt-4 grid gap-2">
        <p className="text-sm font-medium tabular-nums">{progress}</p>
        <div
          role="progressbar"
          aria-label={t('progressLabel')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={progress}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 transition-[width]" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
        </div>
      </div>

      <ol className="mt-5 grid gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-3">
        {data.steps.map((step) => {
          const text = texts[step.id];
          const to = ONBOARDING_PATHS[step.id].replace(/^\/dashboard/, base);
          return (
            <li
              key={step.id}
              data-testid={`onboarding-step-${step.id}`}
              data-done={step.done}
              className={cn('flex gap-3 rounded-lg border p-3 sm:p-4', step.done ? 'border-border bg-muted/40' : 'border-border bg-background/40')}
            >
              {step.done ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              <div className="grid min-w-0 flex-1 content-start gap-1">
                <Link
                  to={to}
                  className={cn(
                    'w-fit rounded-sm font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    step.done ? 'text-muted-foreground line-through' : 'text-foreground',
                  )}
                >
                  {text.title}
                </Link>
                {step.done ? <span className="sr-only">{t('done')}</span> : null}
                <p className="text-sm text-muted-foreground">{text.hint}</p>
                {step.id === 'share' ? (
                  <div className="mt-2">
                    <Button variant="outline" size="sm" onClick={() => void copyStoreLink()} disabled={shared.isPending}>
                      <Copy aria-hidden="true" /> {t('copy.button')}
                    </Button>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
