import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { useDeleteGeneration } from '../api/delete-generation.ts';

/** Delete one generation from the history, after a confirmation. */
export function DeleteGenerationDialog({ id, excerpt }: { id: string; excerpt: string }) {
  const [open, setOpen] = useState(false);
  const deleteGeneration = useDeleteGeneration();

  const confirm = () => {
    deleteGeneration.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: 'Generation Deleted', description: 'It has been removed from your history.', variant: 'success' });
      },
      onError: (error) => showToast({ title: 'Error', description: `Failed to delete the generation: ${errorMessage(error)}`, variant: 'error' }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !deleteGeneration.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-red-300 hover:bg-red-950/50 hover:text-red-200" aria-label={`Delete generation: ${excerpt}`}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>Delete this generation?</DialogTitle>
        <DialogDescription>The prompt and its response will be removed from your history. This cannot be undone.</DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={deleteGeneration.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deleteGeneration.isPending}>
            {deleteGeneration.isPending ? (
              <>
                <Spinner className="text-white" /> Deleting...
              </>
            ) : (
              <>
                <Trash2 aria-hidden="true" /> Delete Generation
              </>
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
