import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactSentSchema } from '#shared/products-api.ts';
import { CONTACT_MESSAGES, contactCreatorSchema } from '#shared/products-contact.ts';
import { PRODUCT_MESSAGES, productPath } from '#shared/products.ts';
import { mailTexts } from '../../mail-texts/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { mailSender } from '../../platform/mail-throttle.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { requestLimit } from '../../platform/rate-limits.ts';
import { getSessionUser } from '../../platform/session.ts';
import { getProductContact } from './queries.ts';

const idParams = z.object({ id: z.uuid(PRODUCT_MESSAGES.notFound) });

/**
 * Contact Creator: a visitor's message goes to the creator by e-mail with Reply-To set to the
 * visitor, so the creator answers from their own mail and no address is shown to anyone.
 */
export async function productContactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const schema = { params: idParams, body: contactCreatorSchema, response: { 202: contactSentSchema } };
  const rateLimit = requestLimit({ max: ctx.config.CONTACT_RATE_LIMIT_MAX, message: CONTACT_MESSAGES.rateLimited });
  typed.post('/api/products/:id/contact', { schema, config: { rateLimit } }, async (request, reply) => {
    const contact = await getProductContact(ctx.database.db, request.params.id);
    if (!contact) throw new NotFoundError(PRODUCT_MESSAGES.notFound, 'product_not_found');
    const user = await getSessionUser(ctx.auth, request);
    if (user?.id === contact.creatorId) throw new BadRequestError(CONTACT_MESSAGES.ownProduct, 'own_product');
    const { name, email, message } = request.body;
    await ctx.mailThrottle.take(contact.creatorEmail, mailSender(request, user));
    const productUrl = `${ctx.config.PUBLIC_URL}${productPath({ id: request.params.id, slug: contact.productSlug })}`;
    const brand = ctx.config.BRAND_NAME;
    const texts = mailTexts(contact.creatorLocale).contact;
    await ctx.mailer.send({
      to: contact.creatorEmail,
      replyTo: email,
      subject: texts.subject(brand), // no visitor- or creator-written text in a subject
      text: texts.text({ name, email, product: contact.productName, brand, url: productUrl, message }),
    });
    return reply.status(202).send({ title: CONTACT_MESSAGES.sentTitle, message: CONTACT_MESSAGES.sent(contact.creatorName) });
  });
}
