import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** Settings’ way to the custom domains page (`to`: the one of the dashboard area). */
export function DomainsSettingsCard({ to }: { to: string }) {
  const { t } = useTranslation('domains');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe aria-hidden="true" className="size-5 text-brand-soft" /> {t('settings.title')}
        </CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to={to}>{t('settings.link')}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
