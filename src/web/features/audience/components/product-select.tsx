import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClass } from '#web/components/ui/select.ts';
import { useMyProducts } from '../api/audience.ts';

/** A choice among the creator's own products; the first option (`none`) stands for no product. */
export function ProductSelect({ none, value, onValue, ...props }: { none: string; value: string; onValue: (productId: string) => void } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const { t } = useTranslation('audience');
  const products = useMyProducts();
  return (
    <select className={selectClass} value={value} onChange={(event) => onValue(event.target.value)} {...props}>
      <option value="">{products.isPending ? t('compose.productsLoading') : none}</option>
      {products.data?.items.map((product) => (
        <option key={product.id} value={product.id}>
          {product.name}
        </option>
      ))}
    </select>
  );
}
