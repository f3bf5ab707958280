// The contract between the payments module (orders, payment providers, webhooks) and what is
// paid for: marketplace checkouts (commerce) and invoices (billing). Both sides code against it.
import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/orders.ts';

export type Order = typeof orders.$inferSelect;
export type OrderKind = Order['kind'];

/** A card as typed into the test provider's form. */
export interface CardDetails {
  number: string;
  expiry: string; // MM/YY
  cvc: string;
}

/** How the buyer goes on after an order is made. */
export type PaymentStart =
  | { type: 'card_form' } // the built-in test provider: the page shows a card form and posts it back
  | { type: 'redirect'; url: string }; // Stripe Checkout: the browser goes to the provider's page

export interface PaymentProvider {
  readonly id: 'test' | 'stripe';
  /** Called once the order row exists; may record `providerRef` on it (Stripe's session id). */
  start(order: Order, urls: { successUrl: string; cancelUrl: string }): Promise<PaymentStart & { providerRef?: string }>;
  /**
   * Returns part or all of a paid order's money to the buyer. `reference` names what is refunded
   * (one sale): asking twice with the same reference refunds once.
   */
  refund(order: Order, refund: { amountCents: number; reference: string }): Promise<void>;
}

/**
 * Runs in the same transaction that turns the order from pending to paid, exactly once per
 * order (a replayed confirmation or webhook finds the order already paid and does nothing).
 * Throwing rolls the payment's bookkeeping back.
 */
export type OrderFulfiller = (tx: Tx, order: Order) => Promise<void>;
