import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClass } from '#web/components/ui/select.ts';
import { useMyMemberships, useMyProducts } from '../api/audience.ts';

type SelectProps = { none: string; value: string; onValue: (productId: string) => void } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>;

/** A choice among `options` (`loading`: the label while their query is pending); the first option (`none`) stands for none of them. */
function ChoiceSelect({ none, value, onValue, options, loading, ...props }: SelectProps & { options: { id: string; name: string }[] | undefined; loading: string | null }) {
  return (
    <select className={selectClass} value={value} onChange={(event) => onValue(event.target.value)} {...props}>
      <option value="">{loading ?? none}</option>
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

/** A choice among the creator's own products; the first option (`none`) stands for no product. */
export function ProductSelect(props: SelectProps) {
  const { t } = useTranslation('audience');
  const products = useMyProducts();
  return <ChoiceSelect {...props} options={products.data?.items} loading={products.isPending ? t('compose.productsLoading') : null} />;
}

/** A choice among the creator's memberships (their products sold as a membership). */
export function MembershipSelect(props: SelectProps) {
  const { t } = useTranslation('audience');
  const memberships = useMyMemberships();
  const options = memberships.data?.items.map((membership) => ({ id: membership.productId, name: membership.name }));
  return <ChoiceSelect {...props} options={options} loading={memberships.isPending ? t('workflows.membershipsLoading') : null} />;
}
