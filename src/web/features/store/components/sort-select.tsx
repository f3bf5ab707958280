import { Label } from '#web/components/ui/label.tsx';
import type { StoreSort } from '../api/get-store-products.ts';

const SORT_LABELS: Record<StoreSort, string> = {
  newest: 'Newest',
  popular: 'Most popular',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export function SortSelect({ id, value, onChange }: { id: string; value: StoreSort; onChange: (sort: StoreSort) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Sort by</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as StoreSort)}
        className="h-10 cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
      >
        {(Object.keys(SORT_LABELS) as StoreSort[]).map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
