import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMBED_MESSAGE_SOURCE, EMBED_PAGES_PREFIX, EMBED_PARENT_QUERY, EMBED_QUERY, EMBED_SCRIPT_PATH } from '#shared/embed.ts';
import type { Language } from '#shared/profiles.ts';
import en from '../../../web/locales/en/orders.json';
import es from '../../../web/locales/es/orders.json';
import fr from '../../../web/locales/fr/orders.json';
import type { AppContext } from '../../platform/context.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { escapeHtml, sendHtml } from '../../platform/html.ts';
import { pageLanguage } from '../../platform/mail-language.ts';
import { productPage } from '../products/service.ts';
import { overlayScript } from './overlay-script.ts';

// The words the server writes for the embed are the web app's (orders.json `embed`), checked with them.
const TEXTS: Record<Language, typeof en.embed> = { en: en.embed, es: es.embed, fr: fr.embed };
/** Pasted once into a creator's page and fetched by every visitor: cached an hour, then revalidated. */
const SCRIPT_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/** A product the Buy now screen sells (by its id, slug or an earlier slug): the product API's answer, or not found. */
async function onSale(ctx: AppContext, address: string): Promise<boolean> {
  try {
    await productPage(ctx, address, null);
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/** The page a frame shows for a product that is not on sale, in the visitor's language. */
function notFoundPage(language: Language) {
  const text = escapeHtml(TEXTS[language].notFound);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text}</title><style>:root{color-scheme:light dark}body{margin:0;padding:56px 24px;font:16px/1.5 system-ui,sans-serif;background:Canvas;color:CanvasText}</style></head><body><main><h1 style="font-size:1.25rem">${text}</h1></main></body></html>`;
}

/** The embed (issue #44): the overlay script for creators' own sites, and its framed Buy now page. */
export async function embedRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const script = overlayScript({
    query: EMBED_QUERY,
    pagesPrefix: EMBED_PAGES_PREFIX,
    parentQuery: EMBED_PARENT_QUERY,
    messageSource: EMBED_MESSAGE_SOURCE,
    closeLabels: Object.fromEntries(Object.entries(TEXTS).map(([language, texts]) => [language, texts.close])),
  });

  typed.get(EMBED_SCRIPT_PATH, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', SCRIPT_CACHE).send(script));

  // A product on sale gets the web app's page (its Buy now screen); any other a small page saying so.
  typed.get(`${EMBED_PAGES_PREFIX}product/:productId`, { schema: { params: z.object({ productId: z.string().max(200) }) } }, async (request, reply) => {
    if (await onSale(ctx, request.params.productId)) return reply.callNotFound();
    reply.code(404).header('Cache-Control', 'no-store').header('Vary', 'Accept-Language, Cookie');
    return sendHtml(request, reply, notFoundPage(pageLanguage(request.headers)));
  });
}
