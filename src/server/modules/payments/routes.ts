import type { FastifyInstance } from 'fastify';
import { stripeWebhookAnswerSchema } from '#shared/orders-api.ts';
import type { AppContext } from '../../platform/context.ts';
import { announcePaymentMode } from './service.ts';
import { handleStripeWebhook } from './webhooks.ts';

/** The payment provider's webhooks (Stripe's, signed). */
export async function paymentsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  announcePaymentMode(ctx.config, app.log);

  // Stripe signs the exact bytes it sends, so this route reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

    webhook.post('/api/payments/stripe/webhook', { schema: { response: { 200: stripeWebhookAnswerSchema } } }, async (request, reply) => {
      const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      return reply.send(await handleStripeWebhook(ctx, payload, Array.isArray(header) ? header[0] : header, request.log));
    });
  });
}
