import { ChevronDown, Globe } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language } from '#web/lib/i18n.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The "Language" select: switches the interface at once and remembers the choice on this device
 * (a signed-in user's choice is also kept in their settings by the settings page). `compact` shows
 * only a globe and the language code (for headers), with the same native select laid over it.
 */
export function LanguageSwitcher({ className, showLabel = false, compact = false }: { className?: string; showLabel?: boolean; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Spanish and French load on demand: show the choice while its strings arrive.
  const [pending, setPending] = useState<Language | null>(null);
  const current = pending ?? (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');
  const names: Record<Language, string> = { en: t('language.en'), es: t('language.es'), fr: t('language.fr') };

  const onChange = (value: string) => {
    if (!isLanguage(value)) return;
    setPending(value);
    void changeLanguage(value).finally(() => setPending(null));
  };

  const select = (
    <select
      id={id}
      value={current}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        'h-9 cursor-pointer appearance-none rounded-md text-sm text-foreground',
        compact
          ? 'absolute inset-0 size-full bg-background opacity-0'
          : 'border border-input bg-background py-1 pr-3 pl-8 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
      )}
    >
      {(Object.keys(names) as Language[]).map((code) => (
        <option key={code} value={code} lang={code}>
          {names[code]}
        </option>
      ))}
    </select>
  );

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium', !showLabel && 'sr-only')}>
        {t('language.label')}
      </label>
      {compact ? (
        <span className="relative inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
          <Globe aria-hidden="true" className="size-4" />
          <span aria-hidden="true" className="uppercase">
            {current}
          </span>
          <ChevronDown aria-hidden="true" className="size-3.5" />
          {select}
        </span>
      ) : (
        <div className="relative flex items-center">
          <Globe aria-hidden="true" className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground" />
          {select}
        </div>
      )}
    </div>
  );
}
