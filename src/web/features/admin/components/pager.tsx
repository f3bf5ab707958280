import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';

/** Previous / Next with "Page 2 of 5"; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('billing');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('admin.pagination')} className="flex items-center justify-end gap-3 px-4 py-3 text-sm">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" /> {t('admin.previous')}
      </Button>
      <span aria-live="polite">{t('admin.pageOf', { page, pages })}</span>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('admin.next')} <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
