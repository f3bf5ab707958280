import { TicketPercent, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { discountCode } from '#web/lib/discount-code.ts';
import { formatMoney } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import type { CartDiscount } from '../utils/use-cart-discount.ts';

/** The cart's and checkout's discount code: type one and Apply, see what it takes off, or remove it. */
export function DiscountCodeField({ discount, currency }: { discount: CartDiscount; currency: Currency }) {
  const { t } = useTranslation('orders');
  const id = useId();
  // A refused code stays in the box, under its reason.
  const [typed, setTyped] = useState(() => discount.code ?? '');
  const error = discount.error ? localizeError(discount.error, 'orders') : undefined;

  if (discount.applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm" role="status">
        <p className="flex min-w-0 items-center gap-2">
          <TicketPercent aria-hidden="true" className="size-4 shrink-0 text-emerald-400" />
          <span className="min-w-0 wrap-anywhere">{t('discount.applied', { code: discount.applied.code, amount: formatMoney(discount.applied.discountCents, currency) })}</span>
        </p>
        <Button type="button" variant="ghost" size="sm" className="shrink-0" onClick={() => discountCode.clear()} aria-label={t('discount.removeLabel', { code: discount.applied.code })}>
          <X aria-hidden="true" /> {t('discount.remove')}
        </Button>
      </div>
    );
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) discountCode.set(typed);
  };
  return (
    <form noValidate onSubmit={apply} aria-label={t('discount.label')} className="grid gap-2">
      <FormField id={`${id}-code`} label={t('discount.label')} error={error}>
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            className="uppercase"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            {...fieldAria(`${id}-code`, error)}
          />
          <Button type="submit" variant="outline" disabled={discount.checking}>
            {discount.checking ? t('discount.checking') : t('discount.apply')}
          </Button>
        </div>
      </FormField>
    </form>
  );
}
