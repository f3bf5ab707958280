import { ImageUp, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useMyProducts } from '../api/get-my-products.ts';
import { useSetProductCover } from '../api/set-product-cover.ts';

/** "Use as cover": choose one of my products and upload the exported PNG as its cover image. */
export function UseAsCoverDialog({ exportImage, fileName }: { exportImage: () => Promise<Blob>; fileName: string }) {
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
      showToast({ title: 'Export Failed', description: errorMessage(error), variant: 'error' });
      return;
    }
    setCover.mutate(
      { productId: chosen.id, image, fileName },
      {
        onSuccess: () => {
          setOpen(false);
          showToast({ title: 'Cover Updated', description: `"${chosen.name}" now uses this design as its cover.`, variant: 'success' });
        },
        onError: (error) => showToast({ title: 'Cover Update Failed', description: errorMessage(error), variant: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !setCover.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ImageUp aria-hidden="true" /> Use as cover
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>Use as a product cover</DialogTitle>
        <DialogDescription>The design is exported as an 800 × 600 PNG and replaces the chosen product&apos;s cover image.</DialogDescription>
        {products.isPending ? (
          <LoadingState label="Loading your products…" className="py-8" />
        ) : products.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-500/40 bg-red-950/30 p-4 text-sm">
            <p>Could not load your products: {errorMessage(products.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void products.refetch()}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
            <p>You have no products yet. Upload one first, then come back to give it this cover.</p>
            <Button asChild variant="outline" size="sm">
              <Link to="/dashboard/products/upload">Upload a product</Link>
            </Button>
          </div>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Product</legend>
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
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={setCover.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={() => void submit()} disabled={!chosen || setCover.isPending}>
            {setCover.isPending ? (
              <>
                <Spinner className="text-white" /> Uploading...
              </>
            ) : (
              <>
                <ImageUp aria-hidden="true" /> Set as cover
              </>
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
