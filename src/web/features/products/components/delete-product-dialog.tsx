import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_MESSAGES } from '#shared/products.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteProduct } from '../api/delete-product.ts';

/** Delete with a confirmation; the product leaves the store and its files are removed. */
export function DeleteProductDialog({ id, name, compact = false }: { id: string; name: string; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const deleteProduct = useDeleteProduct();

  const confirm = () => {
    deleteProduct.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: PRODUCT_MESSAGES.deletedTitle, description: PRODUCT_MESSAGES.deleted(name), variant: 'success' });
      },
      onError: (error) => {
        showToast({ title: 'Error', description: `Failed to delete product: ${errorMessage(error)}`, variant: 'error' });
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
          aria-label={`Delete ${name}`}
          title={compact ? 'Delete' : undefined}
        >
          <Trash2 aria-hidden="true" /> <span aria-hidden="true" className={compact ? 'hidden 2xl:inline' : undefined}>Delete</span>
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>Delete this product?</DialogTitle>
        <DialogDescription>
          <span className="font-medium break-words text-foreground">“{name}”</span> will be removed from your storefront and the
          marketplace, together with its file and cover. This cannot be undone.
        </DialogDescription>
        {deleteProduct.isError ? (
          <p role="alert" className="text-sm text-red-300">
            Error: Failed to delete product: {errorMessage(deleteProduct.error)}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={deleteProduct.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deleteProduct.isPending}>
            {deleteProduct.isPending ? (
              <>
                <Spinner className="text-white" /> Deleting...
              </>
            ) : (
              <>
                <Trash2 aria-hidden="true" /> Delete Product
              </>
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
