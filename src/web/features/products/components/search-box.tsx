import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/**
 * The search box: typing is sent ~300 ms after it pauses; a new `value` from the URL
 * (Back, Clear All Filters) replaces what is typed.
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
  const { t } = useTranslation('store');
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (draft.trim() !== value) setDraft(value);
  }

  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft.trim()), 300);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label ?? t('search.label')}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
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
