import { PAYOUT_MESSAGES } from './payouts.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableBalanceCents,
  bankPaymentDetails,
  describePayoutMethod,
  heldTestBalanceCents,
  payoutAmountProblem,
  payoutRequestIssue,
  payoutRequestProblem,
  testMoneyPayable,
  validatePayoutMethod,
} from './payouts.ts';
import { INVOICE_MESSAGES, canManageInvoice, dollarsToCents, invoiceDueDate, invoiceTotalCents, lineTotalCents, parseQuantity, paymentUrl, splitTitledMessage, validateInvoice, validatePaymentAmount } from './invoices.ts';

describe('dollarsToCents', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    [' 0.01 ', 1],
    ['19.99', 1999],
    ['1.005', 101],
    ['1.004', 100],
    ['1.995', 200],
    ['.5', 50],
    ['7', 700],
    ['7.', 700],
    [12.34, 1234],
    [0.1, 10],
  ])('%s → %d cents', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each([[''], ['abc'], ['-1'], ['1,5'], ['1e3'], ['5$'], [Number.NaN], [Infinity], [null], [undefined], [{}]])('%s is not an amount', (input) => {
    expect(dollarsToCents(input)).toBeUndefined();
  });
});

describe('parseQuantity', () => {
  it('reads plain decimals only', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(2.5)).toBe(2.5);
    expect(parseQuantity('x')).toBeUndefined();
    expect(parseQuantity('-2')).toBeUndefined();
    expect(parseQuantity('')).toBeUndefined();
  });
});

describe('invoice total (SPEC §5: sum of quantity × unit price, non-numeric counting as 0)', () => {
  it('sums quantity × unit price in cents', () => {
    expect(
      invoiceTotalCents([
        { quantity: '2', unitPrice: '19.99' },
        { quantity: 3, unitPrice: '0.10' },
      ]),
    ).toBe(2 * 1999 + 30);
  });

  it('counts a non-numeric quantity or price as 0', () => {
    expect(lineTotalCents('two', '10')).toBe(0);
    expect(lineTotalCents('2', 'ten')).toBe(0);
    expect(invoiceTotalCents([{ quantity: 'x', unitPrice: '5' }, { quantity: '1', unitPrice: '5' }])).toBe(500);
    expect(invoiceTotalCents([])).toBe(0);
  });

  it('avoids floating-point drift (0.1 + 0.2 is 30 cents)', () => {
    expect(invoiceTotalCents([{ quantity: 1, unitPrice: 0.1 }, { quantity: 1, unitPrice: 0.2 }])).toBe(30);
    expect(lineTotalCents('3', '1.10')).toBe(330);
    expect(lineTotalCents('1.5', '0.15')).toBe(23); // 22.5 cents rounds to 23
  });

  it('is always a whole number of cents equal to the sum of the lines', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2));
    fc.assert(
      fc.property(fc.array(fc.record({ quantity: fc.integer({ min: 0, max: 1000 }).map(String), unitPrice: amount }), { maxLength: 20 }), (items) => {
        const total = invoiceTotalCents(items);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(items.reduce((sum, item) => sum + Number(item.quantity) * Math.round(Number(item.unitPrice) * 100), 0));
      }),
    );
  });
});

describe('validateInvoice', () => {
  const good = { clientName: ' Acme Ltd ', clientEmail: 'billing@acme.test', description: 'Logo work', items: [{ name: 'Logo', quantity: '2', unitPrice: '150.00' }] };

  it('accepts a complete invoice and computes its total', () => {
    const result = validateInvoice(good);
    expect(result).toEqual({
      ok: true,
      value: { clientName: 'Acme Ltd', clientEmail: 'billing@acme.test', description: 'Logo work', items: [{ name: 'Logo', quantity: 2, unitPriceCents: 15000 }], totalCents: 30000 },
    });
  });

  it.each([
    ['no client name', { ...good, clientName: '  ' }],
    ['no client email', { ...good, clientEmail: '' }],
    ['a client email that is not one', { ...good, clientEmail: 'acme' }],
    ['no items', { ...good, items: [] }],
    ['an item without a name', { ...good, items: [{ name: ' ', quantity: '1', unitPrice: '5' }] }],
    ['a quantity of 0', { ...good, items: [{ name: 'A', quantity: '0', unitPrice: '5' }] }],
    ['a non-numeric quantity', { ...good, items: [{ name: 'A', quantity: 'lots', unitPrice: '5' }] }],
    ['a price of 0', { ...good, items: [{ name: 'A', quantity: '1', unitPrice: '0' }] }],
    ['a negative price', { ...good, items: [{ name: 'A', quantity: '1', unitPrice: '-5' }] }],
    ['a bad second item', { ...good, items: [...good.items, { name: 'B', quantity: '1', unitPrice: '' }] }],
  ])('refuses %s with the spec message', (_case, input) => {
    expect(validateInvoice(input)).toEqual({ ok: false, code: 'missing_fields', message: INVOICE_MESSAGES.missingFields });
  });

  it('refuses a total beyond $10,000,000', () => {
    const items = Array.from({ length: 11 }, () => ({ name: 'Big', quantity: '1', unitPrice: '1000000' }));
    expect(validateInvoice({ ...good, items })).toEqual({ ok: false, code: 'total_too_large', message: INVOICE_MESSAGES.totalTooLarge });
  });

  it('refuses a total under $0.50, the smallest card charge, however the items reach it', () => {
    const tooSmall = { ok: false, code: 'total_too_small', message: INVOICE_MESSAGES.totalTooSmall('$0.50'), params: { minimum: '$0.50' } };
    expect(validateInvoice({ ...good, items: [{ name: 'Dust', quantity: '0.4', unitPrice: '0.01' }] })).toEqual(tooSmall);
    expect(validateInvoice({ ...good, items: [{ name: 'Gum', quantity: '1', unitPrice: '0.49' }] })).toEqual(tooSmall);
    expect(validateInvoice({ ...good, items: Array.from({ length: 7 }, () => ({ name: 'Cent', quantity: '7', unitPrice: '0.01' })) })).toEqual(tooSmall);
    expect(validateInvoice({ ...good, items: [{ name: 'Gum', quantity: '1', unitPrice: '0.50' }] })).toMatchObject({ ok: true, value: { totalCents: 50 } });
    expect(validateInvoice({ ...good, items: [{ name: 'Cents', quantity: '50', unitPrice: '0.01' }] })).toMatchObject({ ok: true, value: { totalCents: 50 } });
  });
});

describe('invoices in the store currency', () => {
  const good = { clientName: 'Acme Ltd', clientEmail: 'billing@acme.test', description: '', items: [] };
  it('reads unit prices in its minor units and takes its smallest card charge', () => {
    const yen = { ...good, items: [{ name: 'Logo', quantity: '2', unitPrice: '1500' }] };
    expect(validateInvoice(yen, 'JPY')).toMatchObject({ ok: true, value: { totalCents: 3000, items: [{ unitPriceCents: 1500 }] } });
    expect(validateInvoice({ ...good, items: [{ name: 'Gum', quantity: '1', unitPrice: '0.40' }] }, 'GBP')).toMatchObject({ ok: true, value: { totalCents: 40 } });
    expect(validateInvoice({ ...good, items: [{ name: 'Gum', quantity: '1', unitPrice: '0.29' }] }, 'GBP')).toMatchObject({ code: 'total_too_small', params: { minimum: '£0.30' } });
    expect(validatePaymentAmount('49', 'JPY')).toMatchObject({ code: 'amount_too_small', params: { minimum: '¥50' } });
    expect(validatePaymentAmount('50', 'JPY')).toEqual({ ok: true, cents: 50 });
  });
});

describe('validatePaymentAmount', () => {
  it('takes $0.50 to $10,000,000 and says why anything else is refused', () => {
    expect(validatePaymentAmount('0.50')).toEqual({ ok: true, cents: 50 });
    expect(validatePaymentAmount('75.5')).toEqual({ ok: true, cents: 7550 });
    for (const amount of ['0.49', '0.01', '.3']) {
      expect(validatePaymentAmount(amount)).toEqual({ ok: false, code: 'amount_too_small', message: INVOICE_MESSAGES.amountTooSmall('$0.50'), params: { minimum: '$0.50' } });
    }
    for (const amount of ['', '0', '0.004', '-4', 'ten', '10000000.01']) {
      expect(validatePaymentAmount(amount)).toEqual({ ok: false, code: 'invalid_amount', message: INVOICE_MESSAGES.invalidAmount });
    }
  });
});

describe('dates and links', () => {
  it('is due 30 days after creation', () => {
    expect(invoiceDueDate(new Date('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-02-09T12:00:00.000Z');
  });

  it('builds {origin}/pay/{invoiceId}', () => {
    expect(paymentUrl('https://zerri.example/', 'inv_abc')).toBe('https://zerri.example/pay/inv_abc');
  });
});

describe('balance (SPEC §9)', () => {
  it('is the ledger balance of real money, and never floored: a debt shows below 0 (issue #42)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (balanceCents) => {
        expect(availableBalanceCents({ balanceCents })).toBe(balanceCents);
      }),
    );
  });
});

describe('test-payment money', () => {
  const parts = { balanceCents: 1000 + 500, testBalanceCents: 1_000_000_000 };

  it('is never payable in production, and held apart as the test balance', () => {
    const rule = { testMoneyPayable: testMoneyPayable(true) };
    expect(availableBalanceCents(parts, rule)).toBe(1500);
    expect(heldTestBalanceCents(parts, rule)).toBe(1_000_000_000);
    expect(availableBalanceCents(parts)).toBe(1500); // left out unless said otherwise
  });

  it('is payable outside production, where it is the only money there is', () => {
    const rule = { testMoneyPayable: testMoneyPayable(false) };
    expect(availableBalanceCents({ ...parts, balanceCents: 1500 - 700 }, rule)).toBe(1_000_000_800);
    expect(heldTestBalanceCents(parts, rule)).toBe(0);
  });

  it('counts payouts of test money against a later production balance, as a debt shown (an admin fails such payouts)', () => {
    expect(availableBalanceCents({ ...parts, balanceCents: 1500 - 1_000_000_000 }, { testMoneyPayable: false })).toBe(1500 - 1_000_000_000);
  });
});

describe('payouts', () => {
  it('needs a method, then a balance of at least the minimum', () => {
    expect(payoutRequestProblem(null, 1000)).toBe('Setup Required: Please set up a payout method first.');
    expect(payoutRequestProblem({ type: 'paypal', email: 'a@b.co' }, 0)).toBe('No Funds: No available balance for payout.');
    // A negative balance holds payouts, with or without a method, and says why.
    for (const method of [{ type: 'paypal', email: 'a@b.co' } as const, null]) {
      expect(payoutRequestProblem(method, -5)).toBe(
        'Payouts On Hold: Refunds or adjustments after earlier payouts left your balance at -$0.05. Payouts resume once new earnings cover it.',
      );
    }
    expect(payoutRequestIssue(null, -1485, 'EUR')).toMatchObject({ code: 'balanceNegative', params: { balance: '-€14.85' } });
    expect(payoutRequestProblem({ type: 'bank', accountId: 'DE89 3704' }, 999)).toBe('Below Minimum: Payouts start at $10.00.');
    expect(payoutRequestProblem({ type: 'bank', accountId: 'DE89 3704' }, 1000)).toBeUndefined();
  });

  it('takes an amount of whole cents from the minimum to the balance', () => {
    expect(payoutAmountProblem(1000, 5000)).toBeUndefined();
    expect(payoutAmountProblem(5000, 5000)).toBeUndefined();
    expect(payoutAmountProblem(999, 5000)).toMatchObject({ code: 'payout_below_minimum', params: { minimum: '$10.00' } });
    expect(payoutAmountProblem(5001, 5000)).toMatchObject({ code: 'payout_above_balance', message: 'You can request at most your available balance, $50.00.' });
    for (const amount of [10.5, -1000, 0, Number.NaN]) expect(payoutAmountProblem(amount, 5000)?.code).toBe('invalid_payout_amount');
  });

  it('checks a PayPal e-mail with the simple address pattern', () => {
    expect(validatePayoutMethod({ type: 'paypal', email: ' me@paypal.test ' })).toEqual({ ok: true, value: { type: 'paypal', email: 'me@paypal.test' } });
    for (const email of ['me', 'me@', 'me@host', 'a b@c.de', '']) {
      expect(validatePayoutMethod({ type: 'paypal', email })).toEqual({ ok: false, problems: { email: 'Invalid Email: Please enter a valid email address.' } });
    }
  });

  it('checks a bank account by its country: an IBAN, a US account and routing number, or an account number and BIC', () => {
    const holder = '  Pat   Payee ';
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'de', iban: 'de89 3704 0044 0532 0130 00' })).toEqual({
      ok: true,
      value: { type: 'bank', holder: 'Pat Payee', country: 'DE', iban: 'DE89370400440532013000' },
    });
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'DE', iban: 'DE88 3704 0044 0532 0130 00' })).toEqual({ ok: false, problems: { iban: PAYOUT_MESSAGES.invalidIban } });
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'FR', iban: 'DE89370400440532013000' })).toEqual({ ok: false, problems: { iban: PAYOUT_MESSAGES.invalidIban } });
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'US', accountNumber: '0001 2345 6789', routingNumber: '021000021', iban: 'ignored' })).toEqual({
      ok: true,
      value: { type: 'bank', holder: 'Pat Payee', country: 'US', accountNumber: '000123456789', routingNumber: '021000021' },
    });
    expect(validatePayoutMethod({ type: 'bank', holder: '', country: 'US', accountNumber: '12', routingNumber: '021000022' })).toEqual({
      ok: false,
      problems: { holder: PAYOUT_MESSAGES.holderRequired, accountNumber: PAYOUT_MESSAGES.invalidAccountNumber, routingNumber: PAYOUT_MESSAGES.invalidRouting },
    });
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'JP', accountNumber: '1234567', bic: '' })).toEqual({
      ok: true,
      value: { type: 'bank', holder: 'Pat Payee', country: 'JP', accountNumber: '1234567' },
    });
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'JP', accountNumber: '1234567', bic: 'mhcb jpjt' })).toMatchObject({ ok: true, value: { bic: 'MHCBJPJT' } });
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'JP', accountNumber: '1234567', bic: 'MHCBJPJ' })).toEqual({ ok: false, problems: { bic: PAYOUT_MESSAGES.invalidBic } });
    expect(validatePayoutMethod({ type: 'bank', holder, country: 'ZZ', iban: 'DE89370400440532013000' })).toEqual({ ok: false, problems: { country: PAYOUT_MESSAGES.countryRequired } });
  });

  it('describes a method without the whole account id', () => {
    expect(describePayoutMethod({ type: 'paypal', email: 'me@paypal.test' })).toBe('PayPal (me@paypal.test)');
    expect(describePayoutMethod({ type: 'bank', accountId: 'DE89 3704 0044 0532 0130 00' })).toBe('Bank account ••••3000'); // saved before decision 034
    expect(describePayoutMethod({ type: 'bank', holder: 'Pat', country: 'GB', iban: 'GB29NWBK60161331926819' })).toBe('Bank account ••••6819');
    expect(describePayoutMethod({ type: 'bank', holder: 'Pat', country: 'US', accountNumber: '000123456789', routingNumber: '021000021' })).toBe('Bank account ••••6789');
  });

  it('gives the admin what a bank payment needs, the IBAN in groups of four', () => {
    expect(bankPaymentDetails({ type: 'bank', holder: 'Pat', country: 'DE', iban: 'DE89370400440532013000' })).toEqual([
      { field: 'holder', value: 'Pat' },
      { field: 'country', value: 'DE' },
      { field: 'iban', value: 'DE89 3704 0044 0532 0130 00' },
    ]);
    expect(bankPaymentDetails({ type: 'bank', holder: 'Pat', country: 'US', accountNumber: '000123456789', routingNumber: '021000021' }).map((line) => line.field)).toEqual([
      'holder',
      'country',
      'accountNumber',
      'routingNumber',
    ]);
    expect(bankPaymentDetails({ type: 'bank', holder: 'Pat', country: 'JP', accountNumber: '1234567', bic: 'MHCBJPJT' }).at(-1)).toEqual({ field: 'bic', value: 'MHCBJPJT' });
    expect(bankPaymentDetails({ type: 'bank', accountId: '12-345' })).toEqual([{ field: 'accountId', value: '12-345' }]);
  });

  it('splits "Title: text" messages for toasts', () => {
    expect(splitTitledMessage(PAYOUT_MESSAGES.noFunds)).toEqual({ title: 'No Funds', description: 'No available balance for payout.' });
    expect(splitTitledMessage('Copied!')).toEqual({ title: 'Copied!', description: '' });
  });
});

describe('invoice permissions', () => {
  it('lets only the invoice’s creator manage it', () => {
    expect(canManageInvoice('user_a', { userId: 'user_a' })).toBe(true);
    expect(canManageInvoice('user_b', { userId: 'user_a' })).toBe(false);
    expect(canManageInvoice('', { userId: 'user_a' })).toBe(false);
  });
});
