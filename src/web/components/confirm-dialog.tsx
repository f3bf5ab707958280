import type { ReactElement, ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; left out when something else opens it (a menu item). */
  trigger?: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Why the last attempt failed, shown in the dialog (which stays open). */
  error?: ReactNode;
  cancelLabel: string;
  confirmLabel: ReactNode;
  pendingLabel: ReactNode;
  pending: boolean;
  /** Destructive actions get the red button. */
  tone?: 'destructive' | 'default';
  /**
   * Runs the action. One that removes the dialog's own row (a delete) follows its mutation's promise
   * (`mutateAsync(…).then(done, failed)`), not `mutate`'s callbacks: the list refetched after the change
   * drops the row and this dialog first, and React Query skips a `mutate`'s callbacks once its component
   * is gone (the "deleted" toast was lost).
   */
  onConfirm: () => unknown;
  closeLabel?: string;
}

/**
 * "Are you sure?" before an action: title, description, Cancel and the confirming button, which
 * shows a spinner while the action runs. The dialog cannot be dismissed while it runs.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  error,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  pending,
  tone = 'destructive',
  onConfirm,
  closeLabel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent role="alertdialog" className="max-w-md" closeLabel={closeLabel}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {error ? (
          <p role="alert" className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
        <DialogActions cancelLabel={cancelLabel} pending={pending}>
          <Button variant={tone} onClick={onConfirm} disabled={pending}>
            {pending ? (
              <>
                <Spinner className={tone === 'destructive' ? 'text-white' : 'text-primary-foreground'} /> {pendingLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
