import { useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '#shared/orders-tax.ts';
import { selectClass } from './ui/select.ts';

/** The countries a buyer (checkout's tax) or a bank account (payouts) may be in, named in `language`, sorted by those names. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * A country <select>: `placeholder` (an empty value) first, then each country by its name in the
 * interface language. Takes a field's props (register's, fieldAria's).
 */
export function CountrySelect({ placeholder, ...props }: Omit<ComponentProps<'select'>, 'className' | 'children'> & { placeholder: string }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  return (
    <select className={selectClass} {...props}>
      <option value="">{placeholder}</option>
      {countries.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
