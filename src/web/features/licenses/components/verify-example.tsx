import { useTranslation } from 'react-i18next';

/** How a creator's app checks a key: the curl call and what it answers. */
export function VerifyExample() {
  const { t } = useTranslation('licenses');
  const command = [
    `curl -X POST ${window.location.origin}/api/licenses/verify \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"product_id": "PRODUCT_ID", "license_key": "LICENSE_KEY"}'`,
  ].join('\n');
  return (
    <div className="grid gap-3 text-sm">
      <p className="text-muted-foreground">{t('verify.intro')}</p>
      <pre tabIndex={0} aria-label={t('verify.exampleLabel')} className="overflow-x-auto rounded-lg border border-border bg-muted/60 p-3 font-mono text-xs text-foreground">
        {command}
      </pre>
      <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
        <li>{t('verify.valid')}</li>
        <li>{t('verify.noCount')}</li>
        <li>{t('verify.email')}</li>
        <li>{t('verify.refused')}</li>
      </ul>
    </div>
  );
}
