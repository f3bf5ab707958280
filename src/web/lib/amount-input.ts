import { currencyDecimals, type Currency } from '#shared/money.ts';

/** A typed amount field's keyboard, step and example for `currency`: "19.99" in cents, whole yen ("1500") where there is no minor unit. */
export function amountInputProps(currency: Currency, example = '19.99', wholeExample = '1500') {
  const whole = currencyDecimals(currency) === 0;
  return { inputMode: whole ? ('numeric' as const) : ('decimal' as const), step: whole ? 1 : 0.01, placeholder: whole ? wholeExample : example };
}
