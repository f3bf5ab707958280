import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteLink } from '../api/delete-link.ts';

/** Delete with a confirmation: the short link stops working at once. */
export function DeleteLinkDialog({ code, shortUrl, onDeleted }: { code: string; shortUrl: string; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const deleteLink = useDeleteLink();

  const confirm = () => {
    deleteLink.mutate(code, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: 'Link Deleted', description: `"${code}" has been successfully deleted.`, variant: 'success' });
        onDeleted?.();
      },
      onError: (error) => {
        showToast({ title: 'Error', description: `Failed to delete link: ${errorMessage(error)}`, variant: 'error' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !deleteLink.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={`Delete ${code}`}>
          <Trash2 aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Delete</span>
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>Delete this link?</DialogTitle>
        <DialogDescription>
          <span className="font-mono break-all text-foreground">{shortUrl}</span> will stop working for everyone, and its click
          statistics will be removed. This cannot be undone.
        </DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={deleteLink.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deleteLink.isPending}>
            {deleteLink.isPending ? (
              <>
                <Spinner className="text-white" /> Deleting...
              </>
            ) : (
              <>
                <Trash2 aria-hidden="true" /> Delete Link
              </>
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
