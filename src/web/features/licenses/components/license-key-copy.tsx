import { useTranslation } from 'react-i18next';
import { CopyButton } from '#web/components/copy-button.tsx';
import { localizeError } from '#web/lib/server-message.ts';

/** A key in monospace with a button that copies it. */
export function LicenseKeyCopy({ licenseKey, label }: { licenseKey: string; label: string }) {
  const { t } = useTranslation('licenses');
  return (
    <span className="flex min-w-0 items-center gap-1">
      <code className="min-w-0 font-mono text-xs break-all text-foreground">{licenseKey}</code>
      <CopyButton
        text={licenseKey}
        iconOnly
        variant="ghost"
        size="icon"
        className="shrink-0"
        label={label}
        texts={{
          done: () => ({ title: t('copy.doneTitle'), description: t('copy.done') }),
          failed: (error) => ({ title: t('common.error'), description: localizeError(error, 'licenses', t('common.unexpected')) }),
        }}
      />
    </span>
  );
}
