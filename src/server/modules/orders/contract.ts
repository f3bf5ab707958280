// What the orders module and the kinds of order it sells (marketplace checkouts, invoices) code
// against; the payment providers' side is payments/contract.ts.
import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/orders.ts';
import type { AppContext } from '../../platform/context.ts';
import type { AppError } from '../../platform/errors.ts';
import type { DownloadLinks } from './download-links.ts';

export type Order = typeof orders.$inferSelect;
export type OrderKind = Order['kind'];

/** A card as typed into the test provider's form. */
export interface CardDetails {
  number: string;
  expiry: string; // MM/YY
  cvc: string;
}

/** What paying an order of one kind does (markOrderPaid, service.ts). */
export interface OrderFulfilment {
  /**
   * Runs in the same transaction that turns the order from pending to paid, exactly once per
   * order (a replayed confirmation or webhook finds the order already paid and does nothing).
   * Throwing rolls the payment's bookkeeping back.
   */
  fulfil(ctx: AppContext, tx: Tx, order: Order): Promise<void>;
  /** Runs after the paid order's transaction committed: mails, realtime events. Failures are logged only. */
  afterPaid?(ctx: AppContext, order: Order): Promise<void>;
  /** The error the payer sees when another order for the same thing was paid a moment earlier. */
  alreadyPaid?(): AppError;
}

/**
 * What the orders module works with, made once in app.ts and passed on the AppContext as `orders`:
 * the download-link signer, and the fulfilment of each order kind.
 */
export interface OrdersWiring {
  downloadLinks: DownloadLinks;
  fulfilments: Readonly<Record<OrderKind, OrderFulfilment>>;
}
