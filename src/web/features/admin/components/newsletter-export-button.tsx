import { Download } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** Downloads the newsletter list as CSV (GET /api/admin/newsletter.csv, admins only). */
export function NewsletterExportButton() {
  return (
    <Button asChild variant="outline">
      <a href="/api/admin/newsletter.csv" download>
        <Download aria-hidden="true" /> Export newsletter (CSV)
      </a>
    </Button>
  );
}
