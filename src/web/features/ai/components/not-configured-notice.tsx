import { Settings2 } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The studio's notice while the server has no AI provider: plain words for everyone, and for an
 * admin (`showSettings`, canSeeAiSettings) the settings to set as well.
 */
export function NotConfiguredNotice({ missingSettings, showSettings }: { missingSettings: readonly string[]; showSettings: boolean }) {
  const { t } = useTranslation('ai');
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-amber-500/40 bg-amber-950/30 p-4 text-amber-100">
      <Settings2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold text-amber-200">{t('studio.notSetUpTitle')}</p>
        <p>{t('studio.notSetUp')}</p>
        {showSettings && missingSettings.length > 0 ? (
          <p className="mt-1">
            {t('studio.adminSet')}{' '}
            {missingSettings.map((setting, index) => (
              <Fragment key={setting}>
                {index > 0 ? (index === missingSettings.length - 1 ? ` ${t('studio.and')} ` : ', ') : null}
                <code className="rounded bg-black/30 px-1.5 py-0.5 font-mono text-xs">{setting}</code>
              </Fragment>
            ))}{' '}
            {t('studio.thenRestart')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
