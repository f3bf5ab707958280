import { describe, expect, it } from 'vitest';
import { bankFields, methodFormValues } from './method-form.ts';

describe('the payout method form', () => {
  it('opens a legacy bank account id as an empty bank form to complete, and a saved IBAN grouped by four', () => {
    expect(methodFormValues({ type: 'bank', accountId: '12-3456-789' })).toMatchObject({ type: 'bank', holder: '', country: '', iban: '', accountNumber: '' });
    expect(methodFormValues({ type: 'bank', holder: 'Jo', country: 'DE', iban: 'DE89370400440532013000' })).toMatchObject({ type: 'bank', holder: 'Jo', country: 'DE', iban: 'DE89 3704 0044 0532 0130 00' });
    expect(methodFormValues({ type: 'bank', holder: 'Jo', country: 'JP', accountNumber: '1234567', bic: 'MHCBJPJT' })).toMatchObject({ accountNumber: '1234567', bic: 'MHCBJPJT', iban: '' });
    expect(methodFormValues({ type: 'paypal', email: 'jo@example.com' })).toMatchObject({ type: 'paypal', email: 'jo@example.com' });
    expect(methodFormValues(null).type).toBe('paypal');
  });

  it('asks for the fields of the bank’s country', () => {
    expect(bankFields('')).toEqual(['holder', 'country']);
    expect(bankFields('FR')).toEqual(['holder', 'country', 'iban']);
    expect(bankFields('US')).toEqual(['holder', 'country', 'accountNumber', 'routingNumber']);
    expect(bankFields('JP')).toEqual(['holder', 'country', 'accountNumber', 'bic']);
  });
});
