import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LICENSE_MESSAGES } from '#shared/licenses.ts';
import { licenseAnswerSchema, licenseVerificationSchema, myLicensesSchema, verifyLicenseSchema } from '#shared/licenses-api.ts';
import { apiKeyUser } from '../../platform/api-keys.ts';
import type { AppContext } from '../../platform/context.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { requireUser } from '../../platform/session.ts';
import { changeLicense, listCreatorLicenses, verifyLicense, type LicenseAction } from './service.ts';

// Any text: a malformed id is told it is not found, like an unknown one (service.ts).
const licenseParams = z.object({ id: z.string().max(100) });

/** The public verify API a creator's own app calls, and the creator's keys with their actions. */
export async function licenseRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/licenses/verify',
    {
      schema: {
        summary: 'Verify a license key',
        description:
          'Public, no session: a creator’s app checks a key sold with one of its products (Gumroad’s /v2/licenses/verify shape). ' +
          'increment_uses_count (default true) counts this check as a use. Limited per client address. ' +
          'The buyer’s e-mail (purchase.email) is masked as j***@example.com unless the call carries an API key of the product’s creator ' +
          '(Authorization: Bearer zk_…, Business plan); an unknown or revoked key answers 401.',
        body: verifyLicenseSchema,
        response: { 200: licenseVerificationSchema },
      },
      config: { rateLimit: requestLimit({ max: ctx.config.LICENSE_VERIFY_RATE_LIMIT_MAX, message: LICENSE_MESSAGES.rateLimited }) },
    },
    async (request, reply) => {
      const { product_id: productId, license_key: licenseKey, increment_uses_count: incrementUsesCount } = request.body;
      reply.header('Cache-Control', 'no-store');
      return verifyLicense(db, { productId, licenseKey, incrementUsesCount, callerId: apiKeyUser(request)?.id ?? null });
    },
  );

  typed.get(
    '/api/my/licenses',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: myLicensesSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(ctx.auth, request);
      reply.header('Cache-Control', 'private, no-store');
      return listCreatorLicenses(db, user.id, request.query.page, request.query.pageSize);
    },
  );

  // The key's creator only; anyone else is told it does not exist.
  const action = (name: LicenseAction) =>
    typed.post(`/api/licenses/:id/${name}`, { schema: { params: licenseParams, response: { 200: licenseAnswerSchema } } }, async (request) => {
      const user = await requireUser(ctx.auth, request);
      return changeLicense(db, user.id, request.params.id, name);
    });
  action('disable');
  action('enable');
  action('reset-uses');
}
