import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountInputProps, amountToMinor, type Currency, decimalAmount } from '#shared/money.ts';
import { NAMED_PRICE_FIELD } from '#shared/orders.ts';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { currencySymbol, formatMoney } from '#web/lib/format.ts';
import { priceChoices } from '#web/lib/price-choices.ts';
import { cn } from '#web/lib/utils.ts';

/** Why an amount typed for a pay-what-you-want product cannot be taken, if it cannot. */
export function namedPriceProblem(text: string, minimumCents: number, currency: Currency): 'invalid' | 'below' | undefined {
  const cents = amountToMinor(text, currency);
  if (cents === undefined) return 'invalid';
  return cents < minimumCents ? 'below' : undefined;
}

/**
 * Pay what you want: the buyer's amount in the product's currency, kept for the cart and checkout as
 * they type (priceChoices) once it is at least the minimum; under it, the field says so.
 */
export function NamedPriceField({
  productId,
  productName,
  currency,
  minimumCents,
  startCents,
  onValidChange,
}: {
  productId: string;
  productName: string;
  currency: Currency;
  minimumCents: number;
  startCents: number;
  /** Told whether the amount as typed can be taken (the Add to Cart button waits for one). */
  onValidChange?: (valid: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const id = `${useId()}-named-price`;
  const [text, setText] = useState(() => decimalAmount(startCents, currency));
  const problem = namedPriceProblem(text, minimumCents, currency);
  const minimum = formatMoney(minimumCents, currency);
  const symbol = currencySymbol(currency);
  const error = problem === 'below' ? t('errors.price_below_minimum', { minimum, product: productName }) : problem === 'invalid' ? t('namedPrice.invalid') : undefined;
  return (
    <FormField id={id} label={t('namedPrice.label')} hint={minimumCents ? t('namedPrice.hint', { minimum }) : t('namedPrice.hintFree')} error={error}>
      <div className="relative max-w-48">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
          {symbol}
        </span>
        <Input
          id={id}
          name={NAMED_PRICE_FIELD}
          inputMode={amountInputProps(currency).inputMode}
          autoComplete="off"
          className={cn(symbol.length > 1 ? 'pl-10' : 'pl-7', 'tabular-nums')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const cents = amountToMinor(event.target.value, currency);
            const valid = !namedPriceProblem(event.target.value, minimumCents, currency);
            if (valid) priceChoices.set(productId, cents!);
            onValidChange?.(valid);
          }}
          {...fieldAria(id, error)}
        />
      </div>
    </FormField>
  );
}
