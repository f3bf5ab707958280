import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { localOrAdminOnly } from '../../platform/session.ts';
import { escapeHtml } from '../../platform/html.ts';

/**
 * Collects every route's zod schemas into an OpenAPI document. It must be registered before the
 * routes (it listens for them as they are added).
 */
export async function registerOpenApi(app: FastifyInstance, options: { brand: string; publicUrl: string }) {
  const { default: swagger } = await import('@fastify/swagger'); // only where the docs are served
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${options.brand} API`,
        version: '1',
        description:
          'JSON over HTTP with cookie sessions. The links and products APIs also take a Business-plan API key as `Authorization: Bearer zk_…`. ' +
          'Every error answers `{ "error": { "code", "message" } }`.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          apiKey: { type: 'http', scheme: 'bearer', description: 'A Business-plan API key (zk_…), for /api/links and /api/products.' },
        },
      },
    },
    transform: (document) => {
      const result = jsonSchemaTransform(document);
      const section = document.url.split('/').filter(Boolean)[document.url.startsWith('/api/') ? 1 : 0] ?? 'site';
      return { ...result, schema: { tags: [section], ...result.schema } };
    },
  });
}

interface Operation {
  summary?: string;
  tags?: string[];
}

/** /api/docs (a plain page listing the operations) and /api/docs/openapi.json. */
export async function docsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Outside production the docs are on by default, so only this machine or an admin reads them;
  // in production API_DOCS_ENABLED publishes them on purpose.
  const hidden = {
    schema: { hide: true },
    ...(ctx.config.isProduction ? {} : { preHandler: localOrAdminOnly(ctx.auth, ctx.config.TRUST_PROXY) }),
  };
  app.get('/api/docs/openapi.json', hidden, async () => app.swagger());

  app.get('/api/docs', hidden, async (_request, reply) => {
    const spec = app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const rows = Object.entries(spec.paths)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(
          ([method, operation]) =>
            `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation.tags?.join(', ') ?? '')}</td></tr>`,
        ),
      );
    const brand = escapeHtml(ctx.config.BRAND_NAME);
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${brand} API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left}code{font-size:14px}</style>
</head><body>
<h1>${brand} API</h1>
<p>The OpenAPI 3 description of every route, generated from the server's schemas:
<a href="/api/docs/openapi.json">openapi.json</a>. Load it into any OpenAPI viewer or client generator.</p>
<table><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Section</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}

