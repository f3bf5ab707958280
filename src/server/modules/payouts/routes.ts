import { PAYOUT_MESSAGES } from '#shared/payouts.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { IDEMPOTENCY_KEY_PATTERN, validatePayoutMethod } from '#shared/payouts.ts';
import { userChannel } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireRecentPassword } from '../../platform/password-confirmation.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { getBalance, getBalanceCents, getPayoutMethod, listOwnPayouts, requestPayout, savePayoutMethod, testMoneyRule } from './payouts.ts';
import { toOwnPayout } from '../invoices/presenters.ts';

export const PAYOUT_EVENT = 'payouts.changed';

const methodBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paypal'), email: z.string().max(500) }),
  z.object({ type: z.literal('bank'), accountId: z.string().max(500) }),
]);

/** A creator's balance, payout method and payout requests. */
export async function payoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Test-card money is paid out outside production only (docs/decisions/009-test-payments.md).
  const rule = testMoneyRule(ctx.config);

  typed.get('/api/payouts', async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const [balance, method, payouts] = await Promise.all([getBalance(db, user.id, rule), getPayoutMethod(db, user.id), listOwnPayouts(db, user.id)]);
    reply.header('Cache-Control', 'private, no-store');
    return { ...balance, method, payouts: payouts.map(toOwnPayout) };
  });

  // Where the money goes: the password typed in the last ten minutes (a stolen session cannot redirect it).
  typed.put('/api/payouts/method', { schema: { body: methodBody } }, async (request) => {
    const user = await requireRecentPassword(ctx, request);
    const result = validatePayoutMethod(request.body);
    if (!result.ok) throw new BadRequestError(result.message, request.body.type === 'paypal' ? 'invalid_email' : 'invalid_account');
    await savePayoutMethod(db, user.id, result.value);
    await ctx.realtime.publish(userChannel(user.id), PAYOUT_EVENT, { method: true });
    return { method: result.value };
  });

  // The whole available balance; the client sends one Idempotency-Key per request it means to make,
  // and resends it on a retry, so a double click or a lost answer never makes two payouts.
  typed.post('/api/payouts', async (request, reply) => {
    const user = await requireUser(ctx.auth, request);
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequestError(PAYOUT_MESSAGES.idempotencyKeyRequired, 'idempotency_key_required');
    const { payout, created } = await requestPayout(db, user.id, key, rule);
    if (created) await ctx.realtime.publish(userChannel(user.id), PAYOUT_EVENT, { id: payout.id, status: payout.status });
    return reply.status(created ? 201 : 200).send({ payout: toOwnPayout(payout), balanceCents: await getBalanceCents(db, user.id, rule) });
  });
}
