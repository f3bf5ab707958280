import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '#web/lib/site.ts';
import { cn } from '#web/lib/utils.ts';

/** The brand mark and name, linking home. */
export function BrandLogo({ className, collapsed = false, to = '/' }: { className?: string; collapsed?: boolean; to?: string }) {
  const brand = useBrand();
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={cn('inline-flex items-center gap-2 rounded-md font-bold tracking-tight text-foreground', className)}
      // The name starts with the visible text, as voice-control users say what they see.
      aria-label={collapsed ? t('brand.homeLabel', { brand }) : undefined}
    >
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-600 text-base font-black text-white shadow-md shadow-violet-900/40"
      >
        {brand.charAt(0).toUpperCase()}
      </span>
      {collapsed ? null : (
        <span className="text-lg">
          {brand}
          <span className="sr-only">{t('brand.homeSuffix')}</span>
        </span>
      )}
    </Link>
  );
}
