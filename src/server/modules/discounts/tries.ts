// The one count of discount codes tried (issue #42): every route that answers whether a code exists
// (the cart's quote, checkout) counts each request carrying a code against the same budget per client
// address, so a code is not guessed through whichever route is not limited.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DISCOUNT_MESSAGES } from '#shared/discounts.ts';
import type { AppContext } from '../../platform/context.ts';
import { hitLimit, rateLimitError, type RateLimitCheck } from '../../platform/rate-limits.ts';

/** The app's one count of codes tried (ctx.discountTries, made in app.ts): DISCOUNT_RATE_LIMIT_MAX requests with a code per client address and minute, whichever route they go to. */
export function createDiscountTriesLimit(app: FastifyInstance, max: number): RateLimitCheck {
  return app.createRateLimit({ max, timeWindow: '1 minute', keyGenerator: (request) => `discount-tries:${request.ip}` });
}

const tooManyTries = rateLimitError(DISCOUNT_MESSAGES.tooManyTries);

/** A route's preHandler: counts the request when its body carries a code (`field`), 429 once the budget is used. */
export const countDiscountTry =
  (ctx: AppContext, field: 'code' | 'discountCode') =>
  async (request: FastifyRequest): Promise<void> => {
    const code = (request.body as Record<string, unknown> | undefined)?.[field];
    if (typeof code === 'string' && code.trim() !== '') await hitLimit(ctx.discountTries, request, tooManyTries);
  };
