import { z } from 'zod';
import { type Currency, STORE_CURRENCY } from './money.ts';
import { INVOICE_ITEMS_MAX, INVOICE_MESSAGES, isValidEmail, validateInvoice, validatePaymentAmount } from './invoices.ts';

// Kept apart from invoices.ts: zod comes only with the invoice forms.

/**
 * The create-invoice form as typed (numbers as text), checked by the shared validateInvoice rule; its
 * message (the spec's Missing Fields, or a total a card cannot pay) belongs to the form, reported on `items`.
 */
export const invoiceFormSchema = (currency: Currency = STORE_CURRENCY) =>
  z
    .object({
      clientName: z.string().max(500),
      clientEmail: z.string().max(500),
      description: z.string().max(5000),
      items: z.array(z.object({ name: z.string().max(500), quantity: z.string().max(50), unitPrice: z.string().max(50) })).max(INVOICE_ITEMS_MAX),
    })
    .superRefine((input, ctx) => {
      const checked = validateInvoice(input, currency);
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['items'], message: checked.message });
    });
export type InvoiceForm = z.infer<ReturnType<typeof invoiceFormSchema>>;

/** The overview's payment link: an amount as typed (the currency's smallest charge to 10,000,000) and a description. */
export const paymentRequestFormSchema = (currency: Currency = STORE_CURRENCY) =>
  z.object({
    amount: z
      .string()
      .max(50)
      .superRefine((amount, ctx) => {
        const checked = validatePaymentAmount(amount, currency);
        if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
      }),
    description: z.string().max(500),
  });
export type PaymentRequestForm = z.infer<ReturnType<typeof paymentRequestFormSchema>>;

/**
 * The /pay page's form: the payer's e-mail (the body of POST /api/pay/:invoiceId), checked only for a
 * payment request without a client e-mail (`needsEmail`); otherwise none is sent.
 */
export const invoicePaymentFormSchema = (needsEmail: boolean) =>
  z.object({ email: z.string().max(254) }).transform(({ email }, ctx) => {
    if (!needsEmail) return { email: undefined };
    if (!isValidEmail(email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: INVOICE_MESSAGES.payerEmailInvalid });
      return z.NEVER;
    }
    return { email: email.trim() };
  });
export type InvoicePaymentForm = z.input<ReturnType<typeof invoicePaymentFormSchema>>;
