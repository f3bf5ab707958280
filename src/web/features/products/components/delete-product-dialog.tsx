import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteProduct } from '../api/delete-product.ts';

/** Delete with a confirmation; the product leaves the store and its files are removed. */
export function DeleteProductDialog({ id, name, compact = false }: { id: string; name: string; compact?: boolean }) {
  const { t } = useTranslation('products');
  const [open, setOpen] = useState(false);
  const deleteProduct = useDeleteProduct();
  const reason = (error: unknown) => localizeError(error, 'products', t('common.unexpected'));

  const confirm = () => {
    deleteProduct.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: t('server.deletedTitle'), description: t('server.deleted', { name }), variant: 'success' });
      },
      onError: (error) => {
        showToast({ title: t('common.error'), description: t('delete.failed', { reason: reason(error) }), variant: 'error' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !deleteProduct.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-300 hover:bg-red-950/50 hover:text-red-200"
          aria-label={t('delete.triggerLabel', { name })}
          title={compact ? t('delete.trigger') : undefined}
        >
          <Trash2 aria-hidden="true" /> <span aria-hidden="true" className={compact ? 'hidden 2xl:inline' : undefined}>{t('delete.trigger')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>{t('delete.title')}</DialogTitle>
        <DialogDescription>
          <span className="font-medium break-words text-foreground">{t('delete.quotedName', { name })}</span> {t('delete.description')}
        </DialogDescription>
        {deleteProduct.isError ? (
          <p role="alert" className="text-sm text-red-300">
            {t('delete.failedInline', { reason: reason(deleteProduct.error) })}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={deleteProduct.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deleteProduct.isPending}>
            {deleteProduct.isPending ? (
              <>
                <Spinner className="text-white" /> {t('delete.deleting')}
              </>
            ) : (
              <>
                <Trash2 aria-hidden="true" /> {t('delete.confirm')}
              </>
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
