import type { ComponentType, ReactNode } from 'react';
import type { CardForm } from '#shared/orders-forms.ts';

/**
 * How a subscription is paid (the orders feature's SubscriptionPaymentForm: the test card, or with
 * Stripe a button to Stripe Checkout, `card` then undefined and the answer's `checkoutUrl` followed),
 * as the router composes it into the pages that take a payment without an order (joining a
 * membership, buying a plan): features do not import each other.
 */
export type CardFormComponent = ComponentType<{
  submit: (card: CardForm | undefined) => Promise<unknown>;
  onDone: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  namespace?: string;
}>;
