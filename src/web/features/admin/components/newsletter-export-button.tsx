import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';

/** Downloads the newsletter list as CSV (GET /api/admin/newsletter.csv, admins only). */
export function NewsletterExportButton() {
  const { t } = useTranslation('admin');
  return (
    <Button asChild variant="outline">
      <a href="/api/admin/newsletter.csv" download>
        <Download aria-hidden="true" /> {t('list.exportNewsletter')}
      </a>
    </Button>
  );
}
