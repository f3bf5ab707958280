import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { LANGUAGES } from '#shared/profiles.ts';
import { changeLanguage, isLanguage, type Language } from '#web/lib/i18n.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The "Language" menu: a button named "Language: English" opening one radio item per language, each
 * named in its own language, so a screen reader reads them one by one. A choice switches the
 * interface at once and is remembered on this device (a signed-in user's is also kept in their
 * settings, see UserPreferencesSync). `compact` shows only a globe and the language code (headers).
 */
export function LanguageSwitcher({ className, showLabel = false, compact = false }: { className?: string; showLabel?: boolean; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  // Spanish and French load on demand: show the choice while its strings arrive.
  const [pending, setPending] = useState<Language | null>(null);
  const current = pending ?? (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');
  const names: Record<Language, string> = { en: t('language.en'), es: t('language.es'), fr: t('language.fr') };

  const onChange = (value: string) => {
    if (!isLanguage(value) || value === current) return;
    setPending(value);
    void changeLanguage(value).finally(() => setPending(null));
  };

  return (
    <div className={cn('flex items-center gap-2', className)}>
      {showLabel ? (
        // The button's own name says "Language" already.
        <span aria-hidden="true" className="text-sm font-medium">
          {t('language.label')}
        </span>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={t('language.current', { language: names[current] })}
          className={cn(
            'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-md text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            compact
              ? 'px-2.5 font-medium text-muted-foreground hover:bg-accent hover:text-foreground'
              : 'border border-input bg-background px-2.5 text-foreground hover:bg-accent',
          )}
        >
          <Globe aria-hidden="true" className="size-4 text-muted-foreground" />
          <span lang={current} className={compact ? 'uppercase' : undefined}>
            {compact ? current : names[current]}
          </span>
          <ChevronDown aria-hidden="true" className="size-3.5" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" aria-label={t('language.label')} className="min-w-40">
          <DropdownMenuPrimitive.RadioGroup value={current} onValueChange={onChange}>
            {LANGUAGES.map((code) => (
              <DropdownMenuPrimitive.RadioItem
                key={code}
                value={code}
                lang={code}
                className="relative flex cursor-pointer items-center gap-2 rounded-md py-2 pr-2.5 pl-8 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
              >
                <DropdownMenuPrimitive.ItemIndicator className="absolute left-2.5 inline-flex">
                  <Check aria-hidden="true" className="size-4" />
                </DropdownMenuPrimitive.ItemIndicator>
                {names[code]}
              </DropdownMenuPrimitive.RadioItem>
            ))}
          </DropdownMenuPrimitive.RadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
