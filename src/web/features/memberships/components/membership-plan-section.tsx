import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_MESSAGES, TRIAL_DAYS_MAX } from '#shared/memberships.ts';
import type { MembershipPlan } from '#shared/memberships-api.ts';
import { amountInputProps, type Currency, decimalAmount } from '#shared/money.ts';
import { parsePriceToCents } from '#shared/products.ts';
import { Notice } from '#web/components/notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { usePlan, useSavePlan } from '../api/memberships.ts';

interface TierRow {
  versionId: string | null;
  name: string | null;
  monthly: string;
  yearly: string;
}

const asInput = (cents: number | null, currency: Currency) => (cents === null ? '' : decimalAmount(cents, currency));

/**
 * The edit page's "Membership" card: sell the product as a membership, with a monthly and/or yearly
 * price per tier (each version is a tier) and a free trial. Composed into the products feature's page by the router.
 */
export function MembershipPlanSection({
  productId,
  currency,
  versions,
  hasPlan,
}: {
  productId: string;
  currency: Currency;
  versions: { id: string; name: string }[];
  /** The product's answer says it has a plan: only then are its prices asked for. */
  hasPlan: boolean;
}) {
  const { t } = useTranslation('memberships');
  const plan = usePlan(productId, hasPlan);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('plan.title')}</CardTitle>
        <CardDescription>{t('plan.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {plan.isLoading ? (
          <LoadingState label={t('plan.loading')} className="py-6" />
        ) : (
          <PlanForm key={versions.map((version) => version.id).join()} productId={productId} currency={currency} versions={versions} plan={plan.data ?? null} />
        )}
      </CardContent>
    </Card>
  );
}

function PlanForm({ productId, currency, versions, plan }: { productId: string; currency: Currency; versions: { id: string; name: string }[]; plan: MembershipPlan | null }) {
  const { t } = useTranslation('memberships');
  const id = useId();
  const save = useSavePlan(productId);
  const [enabled, setEnabled] = useState(plan !== null);
  const [trialDays, setTrialDays] = useState(String(plan?.trialDays ?? 0));
  const saved = (versionId: string | null) => plan?.tiers.find((tier) => tier.versionId === versionId);
  const [rows, setRows] = useState<TierRow[]>(
    (versions.length > 0 ? versions.map((version) => ({ versionId: version.id, name: version.name })) : [{ versionId: null, name: null }]).map((row) => ({
      ...row,
      monthly: asInput(saved(row.versionId)?.monthlyCents ?? null, currency),
      yearly: asInput(saved(row.versionId)?.yearlyCents ?? null, currency),
    })),
  );
  const [error, setError] = useState<string>();
  const amount = amountInputProps(currency);

  const submit = () => {
    setError(undefined);
    if (!enabled) {
      if (!plan) return;
      save.mutate(null, { onSuccess: () => showToast({ title: t('plan.removed'), variant: 'success' }), onError: (failure) => setError(localizeError(failure, 'memberships')) });
      return;
    }
    const days = Number(trialDays);
    if (!Number.isInteger(days) || days < 0 || days > TRIAL_DAYS_MAX) return setError(localizeMessage(MEMBERSHIP_MESSAGES.trialInvalid, 'memberships', MEMBERSHIP_MESSAGES));
    const tiers = [];
    for (const row of rows) {
      const monthly = row.monthly.trim() ? parsePriceToCents(row.monthly, currency) : null;
      const yearly = row.yearly.trim() ? parsePriceToCents(row.yearly, currency) : null;
      if (monthly === undefined || yearly === undefined || monthly === 0 || yearly === 0) return setError(localizeMessage(MEMBERSHIP_MESSAGES.priceInvalid, 'memberships', MEMBERSHIP_MESSAGES));
      // A version without any price is not sold as a tier.
      if (monthly !== null || yearly !== null) tiers.push({ versionId: row.versionId, monthlyCents: monthly, yearlyCents: yearly });
    }
    if (tiers.length === 0) return setError(localizeMessage(MEMBERSHIP_MESSAGES.priceMissing, 'memberships', MEMBERSHIP_MESSAGES));
    save.mutate({ trialDays: days, tiers }, { onSuccess: () => showToast({ title: t('plan.saved'), variant: 'success' }), onError: (failure) => setError(localizeError(failure, 'memberships')) });
  };

  return (
    <form
      noValidate
      aria-label={t('plan.title')}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="flex items-center gap-3 text-sm font-medium">
        <Checkbox checked={enabled} onChange={(event) => setEnabled(event.target.checked)} disabled={save.isPending} />
        {t('plan.enable')}
      </label>
      {enabled ? (
        <>
          <div className="grid max-w-xs gap-1">
            <label htmlFor={`${id}-trial`} className="text-sm font-medium">
              {t('plan.trialDays')}
            </label>
            <Input id={`${id}-trial`} inputMode="numeric" value={trialDays} onChange={(event) => setTrialDays(event.target.value.replace(/\D/g, '').slice(0, 3))} disabled={save.isPending} />
            <p className="text-xs text-muted-foreground">{t('plan.trialHint')}</p>
          </div>
          {versions.length > 0 ? <p className="text-sm text-muted-foreground">{t('plan.tiersHint')}</p> : null}
          <div className="grid gap-3">
            {rows.map((row, index) => (
              <fieldset key={row.versionId ?? 'product'} className="grid gap-3 rounded-xl border border-border p-3 sm:grid-cols-2">
                <legend className="px-1 text-sm font-semibold">{row.name ?? t('plan.prices')}</legend>
                {(['monthly', 'yearly'] as const).map((field) => (
                  <div key={field} className="grid gap-1">
                    <label htmlFor={`${id}-${index}-${field}`} className="text-sm">
                      {t(`plan.${field}`, { currency })}
                    </label>
                    <Input
                      id={`${id}-${index}-${field}`}
                      {...amount}
                      value={row[field]}
                      onChange={(event) => setRows((current) => current.map((item, at) => (at === index ? { ...item, [field]: event.target.value } : item)))}
                      disabled={save.isPending}
                    />
                  </div>
                ))}
              </fieldset>
            ))}
          </div>
        </>
      ) : null}
      {error ? <Notice variant="error">{error}</Notice> : null}
      <div>
        <SubmitButton pending={save.isPending} pendingLabel={t('plan.saving')} disabled={!enabled && !plan}>
          {t('plan.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
