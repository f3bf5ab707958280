import { toast } from 'sonner';

export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; the Toaster's default is 5000. */
  duration?: number;
}

/** Shows a toast with a title and a description (one visible at a time, see the Toaster). */
export function showToast({ title, description, variant = 'default', duration }: ToastOptions): string | number {
  const options = { description, ...(duration === undefined ? {} : { duration }) };
  switch (variant) {
    case 'success':
      return toast.success(title, options);
    case 'error':
      return toast.error(title, options);
    case 'info':
      return toast.info(title, options);
    case 'warning':
      return toast.warning(title, options);
    default:
      return toast(title, options);
  }
}
