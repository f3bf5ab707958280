import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audienceImportResultSchema, customerHistorySchema, customersPageSchema, customersQuerySchema } from '#shared/customers-api.ts';
import { canSeeCustomers, CUSTOMERS_MESSAGES, customersExportFileName } from '#shared/customers.ts';
import type { AppContext } from '../../platform/context.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { requireUser } from '../../platform/session.ts';
import { AudienceTokens } from '../audience/tokens.ts';
import { customersCsvStream } from './export.ts';
import { importSubscribers } from './import.ts';
import { customerHistory, listCustomers } from './service.ts';

const emailParams = z.object({ email: z.string().min(1).max(320) });

/** The creator's Customers page, a person's history, the subscriber import and the audience export. */
export async function customerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const tokens = new AudienceTokens(ctx.auth.options.secret);
  const creator = async (request: Parameters<typeof requireUser>[1]) => {
    const user = await requireUser(ctx.auth, request);
    if (!canSeeCustomers(user)) throw new ForbiddenError(CUSTOMERS_MESSAGES.creatorsOnly, 'customers_creators_only');
    return user;
  };

  typed.get('/api/my/customers', { schema: { querystring: customersQuerySchema, response: { 200: customersPageSchema } } }, async (request, reply) => {
    const user = await creator(request);
    reply.header('Cache-Control', 'private, no-store');
    return listCustomers(db, user.id, request.query);
  });

  typed.get('/api/my/customers/:email', { schema: { params: emailParams, response: { 200: customerHistorySchema } } }, async (request, reply) => {
    const user = await creator(request);
    reply.header('Cache-Control', 'private, no-store');
    return customerHistory(db, user.id, request.params.email);
  });

  typed.post(
    '/api/audience/import',
    {
      schema: {
        summary: 'Import subscribers from a CSV file',
        description:
          'multipart/form-data with `file` (a CSV whose header names an e-mail column: Email, Email Address, E-mail; optionally Name, or First Name and Last Name) ' +
          'and `consent` = "true" (these people asked to hear from the creator). At most 5 MB and 50,000 rows, 3 imports a day. Each new address is a pending ' +
          'subscriber sent the sign-up confirmation mail; addresses that unsubscribed are never added again.',
        response: { 200: audienceImportResultSchema },
      },
    },
    async (request) => {
      const user = await creator(request);
      return importSubscribers(ctx, tokens, request, user.id);
    },
  );

  // Everyone of the Customers page as a CSV file, streamed (not JSON: response-contract.test.ts lists it).
  app.get('/api/audience/export.csv', async (request, reply) => {
    const user = await creator(request);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${customersExportFileName(new Date())}"`)
      .header('Cache-Control', 'private, no-store')
      .send(customersCsvStream(db, user.id));
  });
}
