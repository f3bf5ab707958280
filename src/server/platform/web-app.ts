import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { webDistFolder } from '../paths.ts';
import type { PageMeta, PageMetaResolver } from './context.ts';
import { routeNotFound } from './errors.ts';
import { escapeHtml, sendHtml } from './html.ts';
import { pageLanguage } from './mail-language.ts';
import { appShell, renderServerPage, wantsServerPage, type PublicFooter } from './server-page.ts';
import { decimalAmount } from '#shared/money.ts';


/** index.html with a page's own title, description, canonical URL and Open Graph tags, for link previews and search engines. */
export function withPageMeta(html: string, meta: PageMeta, options: { brand: string; pageUrl: string; origin: string }): string {
  const title = escapeHtml(`${meta.title} · ${options.brand}`);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(options.pageUrl)}" />`,
    `<meta property="og:url" content="${escapeHtml(options.pageUrl)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(options.brand)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    ...(meta.price
      ? [
          `<meta property="product:price:amount" content="${decimalAmount(meta.price.amountCents, meta.price.currency)}" />`,
          `<meta property="product:price:currency" content="${meta.price.currency}" />`,
        ]
      : []),
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(new URL(meta.image, options.origin).href)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${description}" />`)
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * The built SPA: hashed assets cached for a year, every other page gets index.html, or, for a guest or a
 * bot on a page with a server page (PageMeta.serverPage), that page written on the server (decision 037).
 */
export async function serveWebApp(
  app: FastifyInstance,
  options: {
    pageMeta: PageMetaResolver[];
    storefrontOrigins: ReadonlyMap<string, string>;
    brand: string;
    publicUrl: string;
    /** Link-preview fetchers and crawlers (links/visitor.ts): they get the server page even with a cookie. */
    isBot: (userAgent: string) => boolean;
    /** The built web app (dist/web unless a test serves its own). */
    folder?: string;
    /** What the operator set for the public footer (the site module's content), read per server page. */
    publicFooter?: () => Promise<PublicFooter>;
  },
) {
  const folder = options.folder ?? webDistFolder;
  const indexFile = path.join(folder, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`The web app is not built (${indexFile} is missing): run npm run build.`);
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const shell = appShell(indexHtml);
  await app.register(fastifyStatic, {
    root: folder,
    wildcard: false,
    index: false,
    preCompressed: true, // .br/.gz written by scripts/compress-web.mjs
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && !path.extname(pathname);
    if (!isPage) return reply.status(404).send(routeNotFound(request.method, request.url));
    let html = indexHtml;
    let status = 200;
    let vary = false;
    for (const resolve of options.pageMeta) {
      // A page without its preview tags beats no page; the failure is logged.
      const meta = await resolve(pathname, request).catch((error: unknown) => {
        request.log.warn({ err: error, pathname }, 'could not read the page meta');
        return undefined;
      });
      if (meta && 'redirect' in meta) {
        const query = request.url.slice(pathname.length);
        return reply.status(301).header('Cache-Control', 'no-cache').redirect(`${meta.redirect}${query}`, 301);
      }
      if (meta && 'notFound' in meta) {
        status = 404;
        break;
      }
      if (meta) {
        // A creator's page is canonical on their storefront domain, whichever host served it.
        const origin = (meta.ownerId && options.storefrontOrigins.get(meta.ownerId)) || options.publicUrl;
        const pageOptions = { brand: options.brand, pageUrl: `${origin}${pathname}`, origin: options.publicUrl };
        if (meta.serverPage && wantsServerPage(request, options.isBot)) {
          const language = pageLanguage(request.headers);
          // The server page's head is the app's without its module scripts: its meta goes in the same way.
          // Without it (logged), the app's page, which reads its content itself.
          const body = await meta.serverPage(language, reply).catch((error: unknown) => {
            request.log.error({ err: error, pathname }, 'could not write the server page');
            return undefined;
          });
          if (!body) {
            html = withPageMeta(indexHtml, meta, pageOptions);
            vary = true;
            break;
          }
          const footer =
            body.footer ??
            (await options.publicFooter?.().catch((error: unknown) => {
              request.log.warn({ err: error }, 'could not read the public footer');
              return undefined;
            }));
          const page = renderServerPage({ ...shell, before: withPageMeta(shell.before, meta, pageOptions) }, { language, brand: options.brand, pathname, body, footer });
          // The answer differs by session cookie (guest or not), language and bot: a cache keeps them apart.
          reply.status(status).header('Cache-Control', 'no-cache').header('Vary', 'Cookie, Accept-Language, User-Agent');
          return sendHtml(request, reply, page);
        }
        html = withPageMeta(indexHtml, meta, pageOptions);
        vary = Boolean(meta.serverPage);
        break;
      }
    }
    if (vary) reply.header('Vary', 'Cookie, Accept-Language, User-Agent');
    return reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
