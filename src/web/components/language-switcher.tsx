import { ChevronDown, Globe } from 'lucide-react';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language } from '#web/lib/i18n.ts';
import { cn } from '#web/lib/utils.ts';

// The dropdown library (~20 KB gzip) is not in the first view: the header shows a light button of
// the same look, and the menu loads when it is pointed at, focused or pressed (decision 014).
const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(async () => ({ default: (await loadMenu()).LanguageMenu }));

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * The "Language" menu: a button named "Language: English" ("EN – Language: English" where it shows only "EN") opening one radio item per language, each
 * named in its own language, so a screen reader reads them one by one. A choice switches the
 * interface at once and is remembered on this device (a signed-in user's is also kept in their
 * settings, see UserPreferencesSync). `compact` shows only a globe and the language code (headers).
 */
export function LanguageSwitcher({ className, showLabel = false, compact = false }: { className?: string; showLabel?: boolean; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  // Spanish and French load on demand: show the choice while its strings arrive.
  const [pending, setPending] = useState<Language | null>(null);
  // How the light button was first used: the menu then opens as if its own trigger had been.
  const [used, setUsed] = useState<'pointer' | 'keyboard' | null>(null);
  const current = pending ?? (isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');
  const names: Record<Language, string> = { en: t('language.en'), es: t('language.es'), fr: t('language.fr') };
  // WCAG 2.5.3 (label in name): the name starts with what the button shows, "EN" in the headers.
  const code = current.toUpperCase();
  const label = compact ? t('language.currentCompact', { code, language: names[current] }) : t('language.current', { language: names[current] });

  const onChange = (value: string) => {
    if (!isLanguage(value) || value === current) return;
    setPending(value);
    void changeLanguage(value).finally(() => setPending(null));
  };

  const buttonClass = cn(
    'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-md text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring',
    compact ? 'px-2.5 font-medium text-muted-foreground hover:bg-accent hover:text-foreground' : 'border border-input bg-background px-2.5 text-foreground hover:bg-accent',
  );
  const face = (
    <>
      <Globe aria-hidden="true" className="size-4 text-muted-foreground" />
      <span lang={current}>{compact ? code : names[current]}</span>
      <ChevronDown aria-hidden="true" className="size-3.5" />
    </>
  );
  const lightButton = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={label}
      className={buttonClass}
      data-takeover="language"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setUsed('pointer')}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setUsed('keyboard');
      }}
    >
      {face}
    </button>
  );

  return (
    <div className={cn('flex items-center gap-2', className)}>
      {showLabel ? (
        // The button's own name says "Language" already.
        <span aria-hidden="true" className="text-sm font-medium">
          {t('language.label')}
        </span>
      ) : null}
      {used ? (
        <Suspense fallback={lightButton}>
          <LanguageMenu label={label} menuLabel={t('language.label')} className={buttonClass} face={face} current={current} names={names} onChange={onChange} fromKeyboard={used === 'keyboard'} />
        </Suspense>
      ) : (
        lightButton
      )}
    </div>
  );
}
