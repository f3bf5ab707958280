import { describe, expect, it } from 'vitest';
import { canRefundSale, isPartlyRefunded, refundAmountProblem, refundLeftCents, SALES_MESSAGES } from './sales.ts';
import { amountText } from './money-form.ts';
import { refundAmountFormSchema, refundAmountTextProblem } from './sales-refund.ts';

describe('canRefundSale', () => {
  const sale = { creatorId: 'creator-1' };

  it('lets the sale’s creator and admins refund it', () => {
    expect(canRefundSale({ id: 'creator-1', role: 'creator' }, sale)).toBe(true);
    expect(canRefundSale({ id: 'admin-1', role: 'admin' }, sale)).toBe(true);
  });

  it('refuses anyone else, and everyone but admins for a sale whose creator is gone', () => {
    expect(canRefundSale({ id: 'creator-2', role: 'creator' }, sale)).toBe(false);
    expect(canRefundSale({ id: 'buyer-1', role: 'user' }, sale)).toBe(false);
    expect(canRefundSale({ id: 'creator-1', role: 'creator' }, { creatorId: null })).toBe(false);
    expect(canRefundSale({ id: 'admin-1', role: 'admin' }, { creatorId: null })).toBe(true);
  });
});

describe('refund amounts (issue #21)', () => {
  it('takes a whole number of cents from one cent to what is left', () => {
    expect(refundLeftCents({ amountCents: 1250, refundedCents: 500 })).toBe(750);
    expect(refundAmountProblem(1, 750)).toBeUndefined();
    expect(refundAmountProblem(750, 750)).toBeUndefined();
    expect(refundAmountProblem(751, 750)).toEqual({ code: 'refund_above_left', message: 'You can refund at most $7.50.', params: { max: '$7.50' } });
    expect(refundAmountProblem(0, 750)).toEqual({ code: 'refund_below_minimum', message: 'The smallest refund is $0.01.', params: { minimum: '$0.01' } });
    expect(refundAmountProblem(-5, 750)?.code).toBe('refund_below_minimum');
    expect(refundAmountProblem(2.5, 750)).toEqual({ code: 'refund_amount_invalid', message: SALES_MESSAGES.refundAmountInvalid });
  });

  it('reads a typed amount in dollars, and the form gives its cents', () => {
    expect(refundAmountTextProblem('$5.00', 750)).toBeUndefined();
    expect(refundAmountTextProblem('7.51', 750)?.code).toBe('refund_above_left');
    expect(refundAmountTextProblem('five', 750)?.code).toBe('refund_amount_invalid');
    expect(refundAmountTextProblem('0', 750)?.code).toBe('refund_below_minimum');
    expect(refundAmountFormSchema(750).parse({ amount: ' $2.5 ' })).toEqual({ amountCents: 250 });
    expect(refundAmountFormSchema(750).safeParse({ amount: '8' }).error?.issues[0]).toMatchObject({ path: ['amount'], message: 'You can refund at most $7.50.' });
    expect(amountText(750)).toBe('7.50');
  });

  it('calls a completed sale with some money back partly refunded', () => {
    expect(isPartlyRefunded({ status: 'completed', refundedCents: 1 })).toBe(true);
    expect(isPartlyRefunded({ status: 'completed', refundedCents: 0 })).toBe(false);
    expect(isPartlyRefunded({ status: 'refunded', refundedCents: 1250 })).toBe(false);
  });
});
