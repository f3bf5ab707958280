import { ImageUp, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useMyProducts } from '../api/get-my-products.ts';
import { useSetProductCover } from '../api/set-product-cover.ts';

/** "Use as cover": choose one of my products and upload the exported PNG as its cover image. */
export function UseAsCoverDialog({ exportImage, fileName }: { exportImage: () => Promise<Blob>; fileName: string }) {
  const { t } = useTranslation('designs');
  const reason = (error: unknown) => localizeError(error, 'designs', t('common.unexpected'));
  const id = useId();
  const [open, setOpen] = useState(false);
  const [productId, setProductId] = useState<string | null>(null);
  const products = useMyProducts({ enabled: open });
  const setCover = useSetProductCover();
  const items = products.data?.items ?? [];
  const chosen = items.find((product) => product.id === productId) ?? items[0];

  const submit = async () => {
    if (!chosen) return;
    let image: Blob;
    try {
      image = await exportImage();
    } catch (error) {
      showToast({ title: t('editor.exportFailed'), description: reason(error), variant: 'error' });
      return;
    }
    setCover.mutate(
      { productId: chosen.id, image, fileName },
      {
        onSuccess: () => {
          setOpen(false);
          showToast({ title: t('cover.doneTitle'), description: t('cover.done', { name: chosen.name }), variant: 'success' });
        },
        onError: (error) => showToast({ title: t('cover.failedTitle'), description: reason(error), variant: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !setCover.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ImageUp aria-hidden="true" /> {t('cover.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>{t('cover.title')}</DialogTitle>
        <DialogDescription>{t('cover.description')}</DialogDescription>
        {products.isPending ? (
          <LoadingState label={t('cover.loading')} className="py-8" />
        ) : products.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-500/40 bg-red-950/30 p-4 text-sm">
            <p>{t('cover.loadFailed', { reason: reason(products.error) })}</p>
            <Button variant="outline" size="sm" onClick={() => void products.refetch()}>
              <RotateCw aria-hidden="true" /> {t('common.tryAgain')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
            <p>{t('cover.empty')}</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/dashboard/products/upload">{t('cover.upload')}</Link>
            </Button>
          </div>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('cover.product')}</legend>
            <div className="grid max-h-64 gap-1.5 overflow-y-auto">
              {items.map((product) => (
                <label
                  key={product.id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-sm hover:bg-accent/60',
                    chosen?.id === product.id && 'border-brand-soft bg-accent/60',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-product`}
                    value={product.id}
                    checked={chosen?.id === product.id}
                    onChange={() => setProductId(product.id)}
                    className="accent-violet-500"
                  />
                  <span className="truncate">{product.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <DialogActions cancelLabel={t('common.cancel')} pending={setCover.isPending}>
          <Button onClick={() => void submit()} disabled={!chosen || setCover.isPending}>
            {setCover.isPending ? (
              <>
                <Spinner className="text-white" /> {t('cover.uploading')}
              </>
            ) : (
              <>
                <ImageUp aria-hidden="true" /> {t('cover.confirm')}
              </>
            )}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
