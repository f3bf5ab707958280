import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
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
    deleteProduct.mutateAsync(id).then(
      () => {
        setOpen(false);
        showToast({ title: t('errors.deletedTitle'), description: t('errors.deleted', { name }), variant: 'success' });
      },
      (error) => {
        showToast({ title: t('common.error'), description: t('delete.failed', { reason: reason(error) }), variant: 'error' });
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-red-300 hover:bg-red-950/50 hover:text-red-200"
          aria-label={t('delete.triggerLabel', { name })}
          title={compact ? t('delete.trigger') : undefined}
        >
          <Trash2 aria-hidden="true" /> <span aria-hidden="true" className={compact ? 'hidden 2xl:inline' : undefined}>{t('delete.trigger')}</span>
        </Button>
      }
      title={t('delete.title')}
      description={
        <>
          <span className="font-medium break-words text-foreground">{t('delete.quotedName', { name })}</span> {t('delete.description')}
        </>
      }
      error={deleteProduct.isError ? t('delete.failedInline', { reason: reason(deleteProduct.error) }) : undefined}
      cancelLabel={t('common.cancel')}
      confirmLabel={
        <>
          <Trash2 aria-hidden="true" /> {t('delete.confirm')}
        </>
      }
      pendingLabel={t('delete.deleting')}
      pending={deleteProduct.isPending}
      onConfirm={confirm}
    />
  );
}
