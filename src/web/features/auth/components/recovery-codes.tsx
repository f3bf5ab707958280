import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useBrand } from '#web/lib/site.ts';

/** The recovery codes, shown once (after turning two-factor sign-in on, or making new ones). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const text = codes.join('\n');

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('security.recoveryFileTitle', { brand })}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${brand.toLowerCase()}-recovery-codes.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="grid gap-4">
      <Notice variant="info" title={t('security.recoveryTitle')}>
        {t('security.recoveryLead')}
      </Notice>
      <ul aria-label={t('security.recoveryListLabel')} className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-background/40 p-4 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton
          text={text}
          texts={{
            copy: t('security.copyCodes'),
            done: () => ({ title: t('security.copied') }),
            failed: (error) => ({ title: t('security.copyFailed'), description: errorMessage(error) }),
          }}
        />
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" /> {t('security.downloadCodes')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('security.savedCodes')}
        </Button>
      </div>
    </div>
  );
}
