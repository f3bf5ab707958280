import { useTranslation } from 'react-i18next';
import { bankPaymentDetails, type PayoutMethod } from '#shared/payouts.ts';

const LABELS = {
  holder: 'transactions.bankHolder',
  country: 'transactions.bankCountry',
  iban: 'transactions.bankIban',
  accountNumber: 'transactions.bankAccountNumber',
  routingNumber: 'transactions.bankRoutingNumber',
  bic: 'transactions.bankBic',
  accountId: 'transactions.bankAccountId',
} as const;

/** A payout's method as the admin pays it by hand: its label, and for a bank account every detail the transfer needs (decision 034). */
export function PayoutMethodDetails({ method, label }: { method: PayoutMethod; label: string }) {
  const { t, i18n } = useTranslation('admin');
  if (method.type !== 'bank') return <span className="break-words">{label}</span>;
  const countryName = (code: string) => `${new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'region' }).of(code) ?? code} (${code})`;
  return (
    <dl className="grid min-w-64 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {bankPaymentDetails(method).map(({ field, value }) => (
        <div key={field} className="contents">
          <dt className="text-muted-foreground">{t(LABELS[field])}</dt>
          <dd className={field === 'holder' || field === 'country' ? 'break-words' : 'font-mono break-words'}>{field === 'country' ? countryName(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}
