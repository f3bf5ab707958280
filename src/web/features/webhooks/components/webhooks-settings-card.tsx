import { Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SettingsLinkCard } from '#web/components/settings-link-card.tsx';

/** Settings' way to the webhooks page (`to`: the one of the dashboard area). */
export function WebhooksSettingsCard({ to }: { to: string }) {
  const { t } = useTranslation('webhooks');
  return <SettingsLinkCard icon={Webhook} title={t('settings.title')} description={t('settings.description')} link={t('settings.link')} to={to} />;
}
