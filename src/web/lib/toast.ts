/**
 * Toasts (sonner) are loaded on the first toast, not with the first page: the home page's first
 * view stays small. `showToast` asks the provider to mount the Toaster, waits until it listens,
 * then shows the toast.
 */
export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; the Toaster's default is 5000. */
  duration?: number;
  /** Names the toast, so that dismissToast can take it away once its cause is gone. */
  id?: string;
}

let requestToaster: (() => void) | undefined;
let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => (toasterMounted = resolve));
let requested = false;

/** Called by the provider: how to mount the Toaster, and (from the Toaster's wrapper) that it listens. */
export function registerToasterHost(mount: () => void) {
  requestToaster = mount;
  if (requested) mount();
}
export function markToasterMounted() {
  toasterMounted();
}

/** Shows a toast with a title and a description (one visible at a time, see the Toaster). */
export function showToast({ title, description, variant = 'default', duration, id }: ToastOptions): void {
  if (!requested) {
    requested = true;
    requestToaster?.();
  }
  void Promise.all([import('sonner'), toasterReady]).then(([{ toast }]) => {
    const options = { description, ...(duration === undefined ? {} : { duration }), ...(id === undefined ? {} : { id }) };
    if (variant === 'default') toast(title, options);
    else toast[variant](title, options);
  });
}

/** Takes away the toast shown with this `id`, if it is still there (its message no longer holds). */
export function dismissToast(id: string): void {
  if (!requested) return;
  void import('sonner').then(({ toast }) => toast.dismiss(id));
}
