import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { copyToClipboard } from '#web/lib/clipboard.ts';

/** Copies `text` and toasts 'Copied!'; `label` is the accessible name when it differs from the visible "Copy". */
export function CopyTextButton({
  text,
  label,
  disabled,
  size = 'sm',
  variant = 'outline',
}: {
  text: string;
  label?: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
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
      showToast({ title: 'Copied!', description: 'The text is on your clipboard.', variant: 'success' });
    } catch (error) {
      showToast({ title: 'Copy Failed', description: errorMessage(error), variant: 'error' });
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button variant={variant} size={size} onClick={() => void copy()} disabled={disabled} aria-label={label}>
      <Icon aria-hidden="true" />
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
