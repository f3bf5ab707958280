import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '#shared/orders-tax.ts';
import { countryOptions } from '#web/components/country-select.tsx';
import { countryOfLanguage } from './countries.ts';

describe('checkout countries', () => {
  it('picks the region of the browser language when checkout offers it', () => {
    expect(countryOfLanguage('en-US')).toBe('US');
    expect(countryOfLanguage('fr-FR')).toBe('FR');
    expect(countryOfLanguage('es-419')).toBe('');
    expect(countryOfLanguage('de')).toBe('');
    expect(countryOfLanguage('not a tag')).toBe('');
  });

  it('names every country in the interface language, sorted by name', () => {
    const french = countryOptions('fr');
    expect(french).toHaveLength(COUNTRY_CODES.length);
    expect(french.find((option) => option.code === 'DE')?.name).toBe('Allemagne');
    const names = french.map((option) => option.name);
    expect(names.indexOf('Allemagne')).toBeLessThan(names.indexOf('Espagne'));
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Espagne'));
  });
});
