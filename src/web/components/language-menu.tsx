import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { LANGUAGES } from '#shared/profiles.ts';
import type { Language } from '#web/lib/i18n.ts';

/**
 * The language menu itself (the dropdown library), loaded by LanguageSwitcher when it is first used:
 * one radio item per language, each named in its own language.
 */
export function LanguageMenu({
  label,
  menuLabel,
  className,
  face,
  current,
  names,
  onChange,
  fromKeyboard,
}: {
  /** The button's name, "Language: English". */
  label: string;
  menuLabel: string;
  className: string;
  face: ReactNode;
  current: Language;
  names: Record<Language, string>;
  onChange: (value: string) => void;
  /** Opened with a key: focus goes to the current language's item, as a menu opened from its own trigger by key would. */
  fromKeyboard: boolean;
}) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!fromKeyboard) return;
    // After the menu has focused itself on opening.
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [fromKeyboard]);
  return (
    // Opens as it mounts: it replaces the light button that was just pressed.
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger aria-label={label} className={className}>
        {face}
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={content} align="end" aria-label={menuLabel} className="min-w-40">
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
  );
}
