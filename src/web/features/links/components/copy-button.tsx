import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { copyToClipboard } from '#web/lib/clipboard.ts';

/** Copies `text` and toasts 'Copied!'; `label` names what is copied for screen readers when the button shows only an icon. */
export function CopyButton({
  text,
  label,
  iconOnly = false,
  variant = 'outline',
  size = 'default',
  className,
}: {
  text: string;
  label?: string;
  iconOnly?: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const { t } = useTranslation('links');
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
      showToast({ title: t('server.copied'), description: text, variant: 'success' });
    } catch (error) {
      showToast({ title: t('common.copyFailed'), description: localizeError(error, 'links', t('common.unexpected')), variant: 'error' });
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button variant={variant} size={size} className={className} onClick={() => void copy()} aria-label={label}>
      <Icon aria-hidden="true" />
      {iconOnly ? null : copied ? t('common.copied') : t('common.copy')}
    </Button>
  );
}
