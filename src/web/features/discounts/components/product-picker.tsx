import { checkboxClass } from '#web/components/ui/checkbox.tsx';
import { useTranslation } from 'react-i18next';
import { Label } from '#web/components/ui/label.tsx';
import { formatMoney } from '#web/lib/format.ts';
import { useMyProducts } from '../api/get-discounts.ts';


/** Which of my products a code is for: all of them (none picked), or the ones ticked. */
export function ProductPicker({ id, value, onChange }: { id: string; value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('discounts');
  const { data, isPending, isError } = useMyProducts();
  const picked = new Set(value);
  const products = data?.items ?? [];

  return (
    <fieldset id={id} className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium">{t('form.products')}</legend>
      <div className="flex items-center gap-2">
        <input id={`${id}-all`} type="checkbox" checked={value.length === 0} onChange={(event) => event.target.checked && onChange([])} className={checkboxClass} />
        <Label htmlFor={`${id}-all`} className="cursor-pointer">
          {t('form.allProducts')}
        </Label>
      </div>
      {isPending ? (
        <p className="text-sm text-muted-foreground">{t('form.productsLoading')}</p>
      ) : isError ? (
        <p className="text-sm text-red-400">{t('form.productsFailed')}</p>
      ) : products.length ? (
        <div className="grid max-h-56 gap-x-6 gap-y-3 overflow-y-auto rounded-lg border border-border p-3 sm:grid-cols-2">
          {products.map((product) => (
            <div key={product.id} className="flex min-w-0 items-center gap-2">
              <input
                id={`${id}-${product.id}`}
                type="checkbox"
                checked={picked.has(product.id)}
                onChange={(event) => onChange(event.target.checked ? [...value, product.id] : value.filter((item) => item !== product.id))}
                className={checkboxClass}
              />
              <Label htmlFor={`${id}-${product.id}`} className="min-w-0 cursor-pointer font-normal">
                <span className="truncate">{product.name}</span> <span className="text-muted-foreground tabular-nums">{formatMoney(product.priceCents, product.currency)}</span>
              </Label>
            </div>
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('form.noProducts')}</p>
      )}
    </fieldset>
  );
}
