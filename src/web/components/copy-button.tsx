import { Check, Copy, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { copyToClipboard } from '#web/lib/clipboard.ts';
import { showToast, type ToastOptions } from '#web/lib/toast.ts';

type Toast = Omit<ToastOptions, 'variant'>;

/** What a copy button says, in its feature's words: each feature has its own texts and toasts. */
export interface CopyTexts {
  /** The visible text (none with `iconOnly`), and the one shown for 2 s after copying (without it the text stays). */
  copy?: ReactNode;
  copied?: ReactNode;
  /** The toast after `text` was copied, and the one when the clipboard refused. */
  done: (text: string) => Toast;
  failed: (error: unknown) => Toast;
}

/** Copies `text` with a toast; `label` is the accessible name when it differs from the visible text (or there is none). */
export function CopyButton({
  text,
  texts,
  label,
  icon: Icon = Copy,
  iconOnly = false,
  disabled,
  variant = 'outline',
  size = 'default',
  className,
}: {
  text: string;
  texts: CopyTexts;
  label?: string;
  /** The icon before copying; a check mark replaces it for 2 s after. */
  icon?: LucideIcon;
  iconOnly?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyToClipboard(text);
      setCopied(true);
      showToast({ ...texts.done(text), variant: 'success' });
    } catch (error) {
      showToast({ ...texts.failed(error), variant: 'error' });
    }
  };

  const Shown = copied ? Check : Icon;
  return (
    <Button variant={variant} size={size} className={className} onClick={() => void copy()} disabled={disabled} aria-label={label}>
      <Shown aria-hidden="true" />
      {iconOnly ? null : copied ? (texts.copied ?? texts.copy) : texts.copy}
    </Button>
  );
}
