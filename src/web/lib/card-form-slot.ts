import type { ComponentType, ReactNode } from 'react';
import type { CardForm } from '#shared/orders-forms.ts';

/**
 * The test-card form (the orders feature's TestCardForm) as the router composes it into the pages that
 * take a card without an order (joining a membership, buying a plan): features do not import each other.
 */
export type CardFormComponent = ComponentType<{
  submit: (card: CardForm) => Promise<unknown>;
  onDone: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  namespace?: string;
}>;
