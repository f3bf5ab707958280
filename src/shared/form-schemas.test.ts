import { describe, expect, it } from 'vitest';
import { AI_MESSAGES, AI_PROMPT_MAX, promptFormSchema } from './ai.ts';
import { AUTH_MESSAGES } from './auth.ts';
import { PASSKEY_NAME_MAX, passkeyNameFormSchema, TWO_FACTOR_MESSAGES } from './auth-two-factor.ts';
import { confirmTwoFactorFormSchema, secondFactorFormSchema, TWO_FACTOR_FORM_MESSAGES } from './auth-two-factor-form.ts';
import { changePasswordFormSchema, passwordConfirmationSchema, PASSWORD_FORM_MESSAGES } from './auth-password.ts';
import { COMMENT_TOO_LONG, commentFormSchema, postFormSchema } from './community-forms.ts';
import { COMMENT_TEXT_MAX, COMMUNITY_MESSAGES } from './community.ts';
import { designRenameSchema } from './designs.ts';
import { INVOICE_MESSAGES } from './invoices.ts';
import { invoiceFormSchema, invoicePaymentFormSchema, paymentRequestFormSchema } from './invoices-form.ts';
import { JOB_MESSAGES } from './jobs.ts';
import { APPLICATION_MESSAGES, applicationFormSchema, JOB_FILTER_TEXT_MAX, jobFiltersFormSchema, jobFormSchema } from './jobs-form.ts';
import { BLOCKED_DOMAIN_MESSAGES, blockDomainSchema } from './links-blocked-domains.ts';
import { ORDER_MESSAGES } from './orders.ts';
import { cardFormSchema, checkoutFormSchema } from './orders-forms.ts';
import { TAX_MESSAGES } from './orders-tax.ts';
import { PAYOUT_MESSAGES } from './payouts.ts';
import { payoutMethodFormSchema } from './payouts-method.ts';

/** The first message of each path, as the forms show them. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('form schemas (the rules the web forms check before sending)', () => {
  it('reduces a blocked address to its domain, and names an empty or invalid one', () => {
    expect(blockDomainSchema.parse({ domain: ' https://www.Spam.example/offer ' })).toEqual({ domain: 'spam.example' });
    expect(problems(blockDomainSchema.safeParse({ domain: '  ' }))).toEqual({ domain: BLOCKED_DOMAIN_MESSAGES.required });
    expect(problems(blockDomainSchema.safeParse({ domain: 'localhost' }))).toEqual({ domain: BLOCKED_DOMAIN_MESSAGES.invalid });
  });

  it('checks a password change: the current one, the new length, then the match', () => {
    expect(problems(changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: 'short' }))).toEqual({
      currentPassword: PASSWORD_FORM_MESSAGES.currentRequired,
      newPassword: AUTH_MESSAGES.passwordTooShort,
    });
    expect(problems(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: 'long enough', confirmPassword: 'other' }))).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordMismatch,
    });
    expect(problems(passwordConfirmationSchema.safeParse({ password: '' }))).toEqual({ password: PASSWORD_FORM_MESSAGES.passwordRequired });
  });

  it('needs a comment text, and a post text or media', () => {
    expect(commentFormSchema.parse({ text: '  Nice!  ' })).toEqual({ text: 'Nice!' });
    expect(problems(commentFormSchema.safeParse({ text: ' ' }))).toEqual({ text: COMMUNITY_MESSAGES.emptyComment });
    expect(problems(commentFormSchema.safeParse({ text: 'x'.repeat(COMMENT_TEXT_MAX + 1) }))).toEqual({ text: COMMENT_TOO_LONG });
    expect(problems(postFormSchema.safeParse({ content: ' ', hasMedia: false }))).toEqual({ content: COMMUNITY_MESSAGES.emptyPost });
    expect(postFormSchema.safeParse({ content: '', hasMedia: true }).success).toBe(true);
  });

  it('reports the invoice rule and the payment amounts with the spec texts', () => {
    const item = { name: 'Logo', quantity: '1', unitPrice: '150' };
    const invoice = { clientName: 'Acme', clientEmail: 'billing@acme.test', description: '', items: [item] };
    expect(invoiceFormSchema().safeParse(invoice).success).toBe(true);
    expect(problems(invoiceFormSchema().safeParse({ ...invoice, clientEmail: 'nope' }))).toEqual({ items: INVOICE_MESSAGES.missingFields });
    expect(problems(invoiceFormSchema().safeParse({ ...invoice, items: [{ ...item, unitPrice: '0.10' }] }))).toEqual({ items: INVOICE_MESSAGES.totalTooSmall('$0.50') });
    expect(problems(invoiceFormSchema('JPY').safeParse({ ...invoice, items: [{ ...item, unitPrice: '49' }] }))).toEqual({ items: INVOICE_MESSAGES.totalTooSmall('¥50') });
    expect(problems(paymentRequestFormSchema().safeParse({ amount: '0.2', description: '' }))).toEqual({ amount: INVOICE_MESSAGES.amountTooSmall('$0.50') });
    expect(problems(paymentRequestFormSchema('MXN').safeParse({ amount: '9.99', description: '' }))).toEqual({ amount: INVOICE_MESSAGES.amountTooSmall('MX$10.00') });
    expect(invoicePaymentFormSchema(false).parse({ email: 'ignored' })).toEqual({ email: undefined });
    expect(invoicePaymentFormSchema(true).parse({ email: ' payer@example.com ' })).toEqual({ email: 'payer@example.com' });
    expect(problems(invoicePaymentFormSchema(true).safeParse({ email: 'payer' }))).toEqual({ email: INVOICE_MESSAGES.payerEmailInvalid });
  });

  it('marks the missing job fields, and checks an application', () => {
    const empty = { title: ' ', companyName: '', location: '', description: '', skills: '', employmentType: 'Full-time', salaryRange: '', applyUrl: '', applyEmail: '' };
    expect(problems(jobFormSchema.safeParse(empty))).toEqual({
      title: JOB_MESSAGES.missingFields,
      companyName: JOB_MESSAGES.missingFields,
      location: JOB_MESSAGES.missingFields,
      description: JOB_MESSAGES.missingFields,
    });
    expect(problems(applicationFormSchema.safeParse({ message: '', link: 'ftp://x' }))).toEqual({
      message: JOB_MESSAGES.applicationNeedsMessage,
      link: APPLICATION_MESSAGES.badLink,
    });
  });

  it('checks the test card on its field, and trims the checkout e-mail', () => {
    expect(cardFormSchema.safeParse({ number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' }).success).toBe(true);
    expect(problems(cardFormSchema.safeParse({ number: '1234', expiry: '12/99', cvc: '123' }))).toEqual({ number: ORDER_MESSAGES.cardNumberInvalid });
    expect(checkoutFormSchema.parse({ email: ' buyer@example.com ', country: '', vatNumber: '' })).toEqual({ email: 'buyer@example.com', country: '', vatNumber: '' });
    expect(problems(checkoutFormSchema.safeParse({ email: '', country: 'US', vatNumber: '' }))).toEqual({ email: ORDER_MESSAGES.emailInvalid });
  });

  it('takes a checkout country it knows and an EU VAT number, or neither', () => {
    const form = { email: 'buyer@example.com', country: 'DE', vatNumber: ' de 123.456.789 ' };
    expect(checkoutFormSchema.parse(form)).toEqual({ ...form, vatNumber: 'de 123.456.789' });
    expect(problems(checkoutFormSchema.safeParse({ ...form, country: 'ZZ' }))).toEqual({ country: TAX_MESSAGES.countryInvalid });
    expect(problems(checkoutFormSchema.safeParse({ ...form, vatNumber: 'US123456789' }))).toEqual({ vatNumber: TAX_MESSAGES.vatNumberInvalid });
    expect(problems(checkoutFormSchema.safeParse({ ...form, vatNumber: `DE${' '.repeat(30)}123456789` }))).toEqual({ vatNumber: TAX_MESSAGES.vatNumberInvalid });
  });

  it('sends only the payout method of the chosen type, checked', () => {
    const empty = { email: '', holder: '', country: '', iban: '', accountNumber: '', routingNumber: '', bic: '' };
    expect(payoutMethodFormSchema.parse({ ...empty, type: 'paypal', email: 'jo@example.com', holder: 'left over' })).toEqual({ type: 'paypal', email: 'jo@example.com' });
    expect(problems(payoutMethodFormSchema.safeParse({ ...empty, type: 'paypal', email: 'jo-at-paypal' }))).toEqual({ email: PAYOUT_MESSAGES.invalidEmail });
    expect(payoutMethodFormSchema.parse({ ...empty, type: 'bank', email: 'x', holder: 'Jo', country: 'GB', iban: 'GB29 NWBK 6016 1331 9268 19', accountNumber: '99' })).toEqual({
      type: 'bank',
      holder: 'Jo',
      country: 'GB',
      iban: 'GB29NWBK60161331926819',
    });
    expect(problems(payoutMethodFormSchema.safeParse({ ...empty, type: 'bank', country: 'US', routingNumber: '123456789' }))).toEqual({
      holder: PAYOUT_MESSAGES.holderRequired,
      accountNumber: PAYOUT_MESSAGES.invalidAccountNumber,
      routingNumber: PAYOUT_MESSAGES.invalidRouting,
    });
  });

  it('checks a second-factor code by its method', () => {
    expect(secondFactorFormSchema.safeParse({ method: 'totp', code: '123 456' }).success).toBe(true);
    expect(problems(secondFactorFormSchema.safeParse({ method: 'totp', code: 'abcde-12345' }))).toEqual({ code: TWO_FACTOR_FORM_MESSAGES.codeInvalid });
    expect(secondFactorFormSchema.safeParse({ method: 'recovery', code: 'abcde-12345' }).success).toBe(true);
    expect(problems(secondFactorFormSchema.safeParse({ method: 'recovery', code: '123456' }))).toEqual({ code: TWO_FACTOR_FORM_MESSAGES.recoveryInvalid });
    expect(problems(confirmTwoFactorFormSchema.safeParse({ code: '12' }))).toEqual({ code: TWO_FACTOR_FORM_MESSAGES.codeInvalid });
  });

  it('sends a trimmed AI prompt, and names an empty or too long one', () => {
    expect(promptFormSchema.parse({ prompt: '  Write a tagline \n' })).toEqual({ prompt: 'Write a tagline' });
    expect(problems(promptFormSchema.safeParse({ prompt: ' \n ' }))).toEqual({ prompt: AI_MESSAGES.prompt });
    expect(promptFormSchema.safeParse({ prompt: ` ${'x'.repeat(AI_PROMPT_MAX)} ` }).success).toBe(true);
    expect(problems(promptFormSchema.safeParse({ prompt: 'x'.repeat(AI_PROMPT_MAX + 1) }))).toEqual({ prompt: AI_MESSAGES.promptTooLong });
  });

  it('renames a design to its trimmed title, never to an empty one', () => {
    expect(designRenameSchema.parse({ title: ' Poster ', elements: [] })).toEqual({ title: 'Poster' });
    expect(problems(designRenameSchema.safeParse({ title: '   ' }))).toEqual({ title: 'Please give the design a title.' });
  });

  it('counts a passkey name as the server does, trimmed, and sends it as typed', () => {
    expect(passkeyNameFormSchema.parse({ name: '' })).toEqual({ name: '' });
    expect(passkeyNameFormSchema.parse({ name: ` ${'k'.repeat(PASSKEY_NAME_MAX)} ` })).toEqual({ name: ` ${'k'.repeat(PASSKEY_NAME_MAX)} ` });
    expect(problems(passkeyNameFormSchema.safeParse({ name: 'k'.repeat(PASSKEY_NAME_MAX + 1) }))).toEqual({ name: TWO_FACTOR_MESSAGES.passkeyNameTooLong });
  });

  it('takes the Find Jobs filters the API takes', () => {
    const filters = { keyword: 'designer', location: '', type: 'All' };
    expect(jobFiltersFormSchema.parse(filters)).toEqual(filters);
    expect(jobFiltersFormSchema.safeParse({ ...filters, type: 'Contract' }).success).toBe(true);
    expect(jobFiltersFormSchema.safeParse({ ...filters, type: 'Gig' }).success).toBe(false);
    expect(jobFiltersFormSchema.safeParse({ ...filters, location: 'x'.repeat(JOB_FILTER_TEXT_MAX + 1) }).success).toBe(false);
  });
});
