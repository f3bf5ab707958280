// Stripe's webhooks: the signature checked by Stripe's SDK over the exact bytes sent, then a payout
// account's update (Connect) kept, a Billing event to the subscription engine (stripe-billing.ts), a one-off Checkout Session to the orders module
// (ctx.payments.checkoutSession, wired in app.ts).
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { PAYOUT_EVENT } from '#shared/payouts.ts';
import { userChannel } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { accountState, payoutAccountByRef, saveAccountState } from './connect.ts';
import { handleBillingEvent, isBillingEvent } from './stripe-billing.ts';
import { idOf } from './stripe-client.ts';

type Logger = Pick<FastifyBaseLogger, 'error'>;

const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired', 'checkout.session.async_payment_failed']);

/** The event Stripe signed, or 400 (a signature that does not match, or older than Stripe's five minutes). */
function verifiedEvent(payload: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature ?? '', secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new BadRequestError('The webhook signature is not valid.', 'invalid_signature');
    throw new BadRequestError('The webhook body is not JSON.', 'invalid_payload');
  }
  if (!event || typeof event !== 'object' || typeof event.type !== 'string' || typeof event.id !== 'string') {
    throw new BadRequestError('The webhook body is not JSON.', 'invalid_payload');
  }
  return event;
}

async function accountUpdated(ctx: AppContext, account: Stripe.Account): Promise<boolean> {
  const row = await saveAccountState(ctx.database.db, account.id, accountState(account));
  if (row) await ctx.realtime.publish(userChannel(row.userId), PAYOUT_EVENT, { account: true });
  return Boolean(row);
}

/** A Stripe webhook; `handled` is false for events about nothing of ours. */
export async function handleStripeWebhook(ctx: AppContext, payload: Buffer, signature: string | undefined, log: Logger): Promise<{ received: true; handled: boolean }> {
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new NotFoundError('Stripe is not configured.', 'stripe_not_configured');
  const event = verifiedEvent(payload, signature, secret);
  // A payout account's state (Stripe Connect): kept as Stripe reports it, its owner's page told.
  if (event.type === 'account.updated') return { received: true, handled: await accountUpdated(ctx, event.data.object) };
  // Stripe paying a payout account out (its own money now): the owner's Payouts page reads it again.
  if (event.type.startsWith('payout.') && event.account) {
    const row = await payoutAccountByRef(ctx.database.db, event.account);
    if (row) await ctx.realtime.publish(userChannel(row.userId), PAYOUT_EVENT, { account: true });
    return { received: true, handled: Boolean(row) };
  }
  // A chargeback: the sales module books it (opened: like a refund; won: given back).
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const dispute = event.data.object;
    const paymentRef = idOf(dispute.payment_intent);
    if (!paymentRef) return { received: true, handled: false };
    const status = event.type === 'charge.dispute.created' ? 'open' : dispute.status === 'won' ? 'won' : 'lost';
    const provided = { ref: dispute.id, paymentRef, amountCents: dispute.amount, reason: dispute.reason ?? null, status } as const;
    return { received: true, handled: await ctx.payments.dispute(ctx, provided, log) };
  }
  // Memberships and plans (Stripe Billing, decision 027).
  if (isBillingEvent(event)) return { received: true, handled: await handleBillingEvent(ctx, event, log) };
  if (!CHECKOUT_EVENTS.has(event.type)) return { received: true, handled: false };
  const session = event.data.object as Stripe.Checkout.Session;
  if (!session?.id) return { received: true, handled: false };
  const checkout = { id: event.id, type: event.type, session, paymentRef: idOf(session.payment_intent) };
  return { received: true, handled: await ctx.payments.checkoutSession(ctx, checkout, log) };
}
