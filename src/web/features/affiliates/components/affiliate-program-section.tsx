import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AFFILIATE_FORM_MESSAGES, affiliatePercentSchema } from '#shared/affiliates.ts';
import type { ProductAffiliates } from '#shared/affiliates-api.ts';
import { LoadFailedNotice } from '#web/components/load-failed-notice.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useProductAffiliates, useSaveCommission } from '../api/affiliates.ts';

/**
 * The edit page's "Affiliates" card: open the product to affiliates with a commission, change it, or
 * close it. Composed into the products feature's page by the router.
 */
export function AffiliateProgramSection({ productId }: { productId: string }) {
  const { t } = useTranslation('affiliates');
  const program = useProductAffiliates(productId);
  // A team member working on the owner's store: the commission is the owner's to set (decision 023).
  if (program.data && !program.data.isOwner) return null;
  let body;
  if (program.isPending) body = <LoadingState label={t('program.loading')} className="py-6" />;
  else if (program.isError) {
    body = (
      <LoadFailedNotice title={t('program.loadFailed')} error={program.error} namespace="affiliates" onRetry={() => void program.refetch()} retrying={program.isFetching} />
    );
  } else body = <ProgramForm key={program.data.commissionPercent ?? 'closed'} program={program.data} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('program.title')}</CardTitle>
        <CardDescription>{t('program.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function ProgramForm({ program }: { program: ProductAffiliates }) {
  const { t } = useTranslation('affiliates');
  const id = useId();
  const save = useSaveCommission(program.productId);
  const [enabled, setEnabled] = useState(program.commissionPercent !== null);
  const [percent, setPercent] = useState(String(program.commissionPercent ?? 30));
  const [error, setError] = useState<string>();

  const submit = () => {
    setError(undefined);
    const failed = (failure: unknown) => setError(localizeError(failure, 'affiliates'));
    if (!enabled) {
      if (program.commissionPercent === null) return;
      save.mutate(null, { onSuccess: () => showToast({ title: t('program.closed'), variant: 'success' }), onError: failed });
      return;
    }
    const checked = affiliatePercentSchema.safeParse(Number(percent.trim() || Number.NaN));
    if (!checked.success) return setError(localizeMessage(AFFILIATE_FORM_MESSAGES.percentRange, 'affiliates', AFFILIATE_FORM_MESSAGES));
    save.mutate(checked.data, { onSuccess: () => showToast({ title: t('program.saved'), variant: 'success' }), onError: failed });
  };

  return (
    <form
      noValidate
      aria-label={t('program.title')}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="flex items-center gap-3 text-sm font-medium">
        <Checkbox checked={enabled} onChange={(event) => setEnabled(event.target.checked)} disabled={save.isPending} />
        {t('program.enabled')}
      </label>
      {enabled ? (
        <div className="grid max-w-xs gap-1">
          <label htmlFor={`${id}-percent`} className="text-sm font-medium">
            {t('program.percent')}
          </label>
          <Input
            id={`${id}-percent`}
            inputMode="numeric"
            aria-describedby={`${id}-hint`}
            value={percent}
            onChange={(event) => setPercent(event.target.value.replace(/\D/g, '').slice(0, 2))}
            disabled={save.isPending}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('program.percentHint')}
          </p>
        </div>
      ) : null}
      {error ? <Notice variant="error">{error}</Notice> : null}
      <div>
        <SubmitButton pending={save.isPending} pendingLabel={t('program.saving')} disabled={!enabled && program.commissionPercent === null}>
          {t('program.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
