import { Handshake } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrentUser } from '#web/lib/auth.ts';
import { formatPercent } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useJoinProduct, useProductAffiliates } from '../api/affiliates.ts';

/**
 * The product page's "Become an affiliate" box, shown while the product is open to affiliates (not to
 * its creator): joining gives the visitor their own link, shown with a copy button. Composed in by the router.
 */
export function BecomeAffiliateBox({ productId }: { productId: string }) {
  const { t } = useTranslation('affiliates');
  const id = useId();
  const location = useLocation();
  const user = useCurrentUser();
  const program = useProductAffiliates(productId);
  const join = useJoinProduct(productId);
  const [error, setError] = useState<string>();
  // Closed, the creator's own, or not loaded: nothing to offer (a failed load hides the box, the page stays).
  if (!program.data || program.data.isOwner || program.data.commissionPercent === null) return null;
  const { commissionPercent, link } = program.data;
  const percent = formatPercent(commissionPercent);

  let action;
  if (link) {
    action = (
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t('box.joinedText', { percent })}</p>
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
          <code className="min-w-0 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all" data-testid="affiliate-link">
            {link.shortUrl}
          </code>
          <CopyButton
            text={link.shortUrl}
            className="shrink-0"
            texts={{
              copy: t('list.copy'),
              done: () => ({ title: t('copy.doneTitle'), description: t('copy.done') }),
              failed: (failure) => ({ title: t('common.error'), description: localizeError(failure, 'affiliates', t('common.unexpected')) }),
            }}
          />
        </div>
        <Link to="/dashboard/affiliates" className="text-sm text-brand-soft underline-offset-4 hover:underline">
          {t('box.toPage')}
        </Link>
      </div>
    );
  } else if (!user.data) {
    action = (
      <Button asChild variant="outline" className="justify-self-start">
        <Link to="/auth" state={{ defaultTab: 'login', from: `${location.pathname}${location.search}` }}>
          {t('box.signIn')}
        </Link>
      </Button>
    );
  } else {
    action = (
      <Button
        className="justify-self-start"
        disabled={join.isPending}
        onClick={() => {
          setError(undefined);
          join.mutate(undefined, {
            onSuccess: () => showToast({ title: t('box.joined'), variant: 'success' }),
            onError: (failure) => setError(localizeError(failure, 'affiliates', t('common.unexpected'))),
          });
        }}
      >
        <Handshake aria-hidden="true" /> {t('box.join')}
      </Button>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-2xl border border-border bg-card p-5 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Handshake aria-hidden="true" className="size-5 shrink-0 text-brand-soft" /> {link ? t('box.joinedTitle') : t('box.title', { percent })}
      </h2>
      {link ? null : <p className="text-sm text-muted-foreground">{t('box.text', { percent })}</p>}
      {action}
      {error ? <Notice variant="error">{error}</Notice> : null}
    </section>
  );
}
