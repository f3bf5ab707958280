import { bankAccountKind, formatIban } from '#shared/payouts-bank-account.ts';
import { isLegacyBankMethod, type PayoutMethod, type PayoutMethodField } from '#shared/payouts.ts';
import type { PayoutMethodForm } from '#shared/payouts-method.ts';

const EMPTY: PayoutMethodForm = { type: 'paypal', email: '', holder: '', country: '', iban: '', accountNumber: '', routingNumber: '', bic: '' };

/** The form holds every field; those of the chosen type (and the bank's country) are checked and sent. A legacy bank id starts an empty bank form. */
export function methodFormValues(current: PayoutMethod | null): PayoutMethodForm {
  if (!current) return EMPTY;
  if (current.type === 'paypal') return { ...EMPTY, email: current.email };
  if (isLegacyBankMethod(current)) return { ...EMPTY, type: 'bank' };
  return {
    ...EMPTY,
    type: 'bank',
    holder: current.holder,
    country: current.country,
    iban: 'iban' in current ? formatIban(current.iban) : '',
    accountNumber: 'accountNumber' in current ? current.accountNumber : '',
    routingNumber: 'routingNumber' in current ? current.routingNumber : '',
    bic: 'bic' in current ? (current.bic ?? '') : '',
  };
}

/** The fields of a bank account in `country`, in the form's order (holder and country until one is chosen). */
export function bankFields(country: string): PayoutMethodField[] {
  if (!country) return ['holder', 'country'];
  const kind = bankAccountKind(country);
  return ['holder', 'country', ...(kind === 'iban' ? (['iban'] as const) : kind === 'us' ? (['accountNumber', 'routingNumber'] as const) : (['accountNumber', 'bic'] as const))];
}
