import { EyeOff, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSetProductPublished } from '../api/publish-product.ts';

/** Tells the creator that the product is a draft: only their store and admins see it. */
export function DraftBadge({ product }: { product: { published: boolean } }) {
  const { t } = useTranslation('products');
  if (product.published) return null;
  return (
    <span className="w-fit rounded-full border border-violet-500/40 bg-violet-500/10 px-2 py-0.5 text-xs font-normal text-violet-300" title={t('draft.badgeHint')}>
      {t('draft.badge')}
    </span>
  );
}

/** Publish a draft, or take a product back to draft (its past buyers keep what they bought). */
export function PublishButton({ product, compact = false }: { product: { id: string; name: string; published: boolean }; compact?: boolean }) {
  const { t } = useTranslation('products');
  const change = useSetProductPublished();
  const publish = !product.published;
  const label = publish ? t('draft.publish') : t('draft.unpublish');
  const toggle = () => {
    change.mutateAsync({ id: product.id, published: publish }).then(
      () => showToast({ title: label, description: publish ? t('draft.published', { name: product.name }) : t('draft.unpublished', { name: product.name }), variant: 'success' }),
      (error: unknown) => showToast({ title: t('common.error'), description: t('draft.failed', { reason: localizeError(error, 'products', t('common.unexpected')) }), variant: 'error' }),
    );
  };
  const Icon = publish ? Send : EyeOff;
  return (
    <Button
      variant={publish && !compact ? 'default' : 'ghost'}
      size="sm"
      onClick={toggle}
      disabled={change.isPending}
      aria-label={publish ? t('draft.publishLabel', { name: product.name }) : t('draft.unpublishLabel', { name: product.name })}
      title={compact ? label : undefined}
    >
      {change.isPending ? <Spinner /> : <Icon aria-hidden="true" />}
      <span aria-hidden="true" className={compact ? 'hidden 2xl:inline' : undefined}>
        {label}
      </span>
    </Button>
  );
}
