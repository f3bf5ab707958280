import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSIONS_MAX } from '#shared/products-versions.ts';
import type { Currency } from '#shared/money.ts';
import type { OwnVersion } from '#shared/products-api.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatBytes, formatMoney } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRemoveVersion, useReorderVersions } from '../api/change-versions.ts';
import { useVersions } from '../api/get-versions.ts';
import { VersionForm } from './version-form.tsx';

/** Remove with a confirmation: the version leaves the product page; its buyers keep its file. */
function RemoveVersionDialog({ productId, version }: { productId: string; version: OwnVersion }) {
  const { t } = useTranslation('products');
  const [open, setOpen] = useState(false);
  const remove = useRemoveVersion();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-500/10 dark:text-red-300" aria-label={t('versions.removeLabel', { name: version.name })}>
          <Trash2 aria-hidden="true" /> <span aria-hidden="true">{t('versions.remove')}</span>
        </Button>
      }
      title={t('versions.removeTitle', { name: version.name })}
      description={t('versions.removeText')}
      error={remove.isError ? localizeError(remove.error, 'products', t('common.unexpected')) : undefined}
      cancelLabel={t('common.cancel')}
      confirmLabel={
        <>
          <Trash2 aria-hidden="true" /> {t('versions.removeConfirm')}
        </>
      }
      pendingLabel={t('versions.removing')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync({ productId, versionId: version.id }).then(
          () => {
            setOpen(false);
            showToast({ title: t('versions.removedTitle'), description: t('versions.removed', { name: version.name }), variant: 'success' });
          },
          // The failure shows in the dialog (the mutation's error).
          () => {},
        )
      }
    />
  );
}

/**
 * The edit page's Versions: each version with Move up / Move down, Edit and Remove, and the form to
 * add one. With versions, buyers pick one and get its file; the product's price is the lowest one's.
 */
export function VersionsSection({ productId, payWhatYouWant, currency }: { productId: string; payWhatYouWant: boolean; currency: Currency }) {
  const { t } = useTranslation('products');
  const { data: versions, isPending, isError, error, refetch } = useVersions(productId);
  const reorder = useReorderVersions();
  const [editing, setEditing] = useState<string | null>(null);

  const move = (index: number, by: -1 | 1) => {
    if (!versions) return;
    const ids = versions.map((version) => version.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(
      { productId, ids },
      { onError: (failure) => showToast({ title: t('common.error'), description: localizeError(failure, 'products', t('common.unexpected')), variant: 'error' }) },
    );
  };

  let list;
  if (isPending) list = <LoadingState label={t('versions.loading')} />;
  else if (isError) {
    list = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <p>{t('common.errorWithReason', { reason: localizeError(error, 'products') })}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  } else if (versions.length === 0) list = <p className="text-sm text-muted-foreground">{t('versions.none')}</p>;
  else {
    list = (
      <ol aria-label={t('versions.listLabel')} className="grid gap-3">
        {versions.map((version, index) => (
          <li key={version.id} className="grid gap-3 rounded-lg border border-border p-3" data-testid="version-row">
            {editing === version.id ? (
              <VersionForm productId={productId} currency={currency} version={version} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 font-medium break-words">{version.name}</p>
                  <p className="font-semibold tabular-nums">
                    {payWhatYouWant ? t('versions.atLeast', { price: formatMoney(version.priceCents, currency) }) : formatMoney(version.priceCents, currency)}
                  </p>
                </div>
                {version.description ? <p className="text-sm break-words text-muted-foreground">{version.description}</p> : null}
                <p className="text-xs break-all text-muted-foreground">{t('versions.fileLine', { name: version.fileName, size: formatBytes(version.fileSize) })}</p>
                <div className="flex flex-wrap gap-1">
                  <Button variant="ghost" size="sm" disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)} aria-label={t('versions.moveUpLabel', { name: version.name })}>
                    <ArrowUp aria-hidden="true" /> <span aria-hidden="true">{t('versions.moveUp')}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === versions.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                    aria-label={t('versions.moveDownLabel', { name: version.name })}
                  >
                    <ArrowDown aria-hidden="true" /> <span aria-hidden="true">{t('versions.moveDown')}</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setEditing(version.id)} aria-label={t('versions.editLabel', { name: version.name })}>
                    <Pencil aria-hidden="true" /> <span aria-hidden="true">{t('versions.edit')}</span>
                  </Button>
                  <RemoveVersionDialog productId={productId} version={version} />
                </div>
              </>
            )}
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Card aria-labelledby="versions-title">
      <CardHeader>
        <CardTitle id="versions-title">{t('versions.title')}</CardTitle>
        <CardDescription>{t('versions.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {list}
        {versions && versions.length >= PRODUCT_VERSIONS_MAX ? (
          <p className="text-sm text-muted-foreground">{t('versions.full', { max: PRODUCT_VERSIONS_MAX })}</p>
        ) : (
          <section aria-labelledby="add-version-title" className="grid gap-3 border-t border-border pt-5">
            <h3 id="add-version-title" className="font-semibold">
              {t('versions.addTitle')}
            </h3>
            <VersionForm productId={productId} currency={currency} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}
