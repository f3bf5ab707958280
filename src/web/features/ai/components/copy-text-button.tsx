import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
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
  const { t } = useTranslation('ai');
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
      showToast({ title: t('copy.doneTitle'), description: t('copy.done'), variant: 'success' });
    } catch (error) {
      showToast({ title: t('copy.failedTitle'), description: localizeError(error, 'ai', t('server.unexpected')), variant: 'error' });
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button variant={variant} size={size} onClick={() => void copy()} disabled={disabled} aria-label={label}>
      <Icon aria-hidden="true" />
      {copied ? t('copy.copied') : t('copy.copy')}
    </Button>
  );
}
