import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/**
 * The search box: typing is sent ~300 ms after it pauses; a new `value` from the URL
 * (Back, Clear All Filters) replaces what is typed. A result clicked before the pause ends wins:
 * the pending search waits while a pointer is pressed (so the card under it is not replaced between
 * press and release) and is dropped once a link is followed (its URL update would cancel the
 * navigation to the product while the product page's code is still loading).
 */
export function SearchBox({
  id,
  value,
  onSearch,
  label,
  placeholder,
}: {
  id: string;
  value: string;
  onSearch: (q: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('products');
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (draft.trim() !== value) setDraft(value);
  }

  const { pressedRef, followedLinkRef } = usePointerActivity();
  useEffect(() => {
    if (draft.trim() === value) return;
    followedLinkRef.current = false;
    let timer: ReturnType<typeof setTimeout>;
    const send = () => {
      if (followedLinkRef.current) return;
      if (pressedRef.current) timer = setTimeout(send, 100);
      else onSearch(draft.trim());
    };
    timer = setTimeout(send, 300);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch, pressedRef, followedLinkRef]);

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label ?? t('search.label')}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          // The server's page names its search box so (decision 037): what a guest typed there is carried over.
          name="q"
          type="search"
          value={draft}
          maxLength={200}
          placeholder={placeholder ?? t('search.marketplace')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSearch(draft.trim());
          }}
          className="pl-9"
        />
      </div>
    </div>
  );
}

/**
 * Whether a mouse button, finger or pen is down anywhere on the page right now, and whether a link
 * was clicked since the last keystroke (seen as it happens, before the router renders anything).
 */
function usePointerActivity() {
  const pressed = useRef(false);
  const followedLink = useRef(false);
  useEffect(() => {
    const down = () => (pressed.current = true);
    const up = () => (pressed.current = false);
    const click = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) followedLink.current = true;
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    window.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
      window.removeEventListener('click', click, true);
    };
  }, []);
  return { pressedRef: pressed, followedLinkRef: followedLink };
}
