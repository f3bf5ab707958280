import { useCallback, useEffect, useRef, useState } from 'react';
import { setPasswordConfirmationHandler } from '#web/lib/api.ts';
import type { PasswordConfirmationDialog } from './password-confirmation-dialog.tsx';

/**
 * The one "Confirm your password" dialog: when the server answers that a change needs the password
 * typed again (payout method, API keys), the request waits here, then repeats the request once confirmed.
 * The dialog's code (and the dialog library's) loads with the first request, not with the first view.
 */
export function PasswordConfirmationHost() {
  const [Dialog, setDialog] = useState<typeof PasswordConfirmationDialog>();
  // Each request gets a fresh dialog (empty field, no error): its number is the dialog's key.
  const [request, setRequest] = useState(0);
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | undefined>(undefined);

  useEffect(() => {
    setPasswordConfirmationHandler(async () => {
      let loaded: typeof PasswordConfirmationDialog;
      try {
        loaded = (await import('./password-confirmation-dialog.tsx')).PasswordConfirmationDialog;
      } catch {
        return false; // Offline: the change is not confirmed, and the request reports its own error.
      }
      return new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setDialog(() => loaded);
        setRequest((count) => count + 1);
        setOpen(true);
      });
    });
    return () => setPasswordConfirmationHandler(undefined);
  }, []);

  const finish = useCallback((confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = undefined;
    setOpen(false);
  }, []);

  return Dialog ? <Dialog key={request} open={open} finish={finish} /> : null;
}
