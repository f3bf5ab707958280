import { useTranslation } from 'react-i18next';
import { Label } from '#web/components/ui/label.tsx';
import { STORE_SORTS, type StoreSort } from '#shared/products-store.ts';


export function SortSelect({ id, value, onChange }: { id: string; value: StoreSort; onChange: (sort: StoreSort) => void }) {
  const { t } = useTranslation('products');
  const labels: Record<StoreSort, string> = {
    newest: t('sort.newest'),
    popular: t('sort.popular'),
    price_asc: t('sort.priceAsc'),
    price_desc: t('sort.priceDesc'),
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('sort.label')}</Label>
      <select
        id={id}
        name="sort"
        value={value}
        onChange={(event) => onChange(event.target.value as StoreSort)}
        className="h-10 cursor-pointer rounded-lg border border-input bg-muted/60 px-3 text-sm text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
      >
        {STORE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
