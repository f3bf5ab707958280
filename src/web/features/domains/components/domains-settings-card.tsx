import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SettingsLinkCard } from '#web/components/settings-link-card.tsx';

/** Settings' way to the custom domains page (`to`: the one of the dashboard area). */
export function DomainsSettingsCard({ to }: { to: string }) {
  const { t } = useTranslation('domains');
  return <SettingsLinkCard icon={Globe} title={t('settings.title')} description={t('settings.description')} link={t('settings.link')} to={to} />;
}
