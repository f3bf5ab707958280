import { Search } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { selectClass } from '#web/components/ui/select.ts';

/** A search box and the list's filters, above a management list. */
export function ListToolbar({ search, onSearch, searchLabel, children }: { search: string; onSearch: (value: string) => void; searchLabel: string; children?: ReactNode }) {
  const id = useId();
  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      {/* The filters move under the search box rather than squeeze it. */}
      <div className="grid min-w-0 flex-1 gap-2 sm:min-w-56">
        <Label htmlFor={id}>{searchLabel}</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id={id} type="search" value={search} onChange={(event) => onSearch(event.target.value)} className="pl-9" />
        </div>
      </div>
      {children}
    </div>
  );
}

/** One filter of a list, as a labelled native select. */
export function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className="grid gap-2 sm:w-44">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
