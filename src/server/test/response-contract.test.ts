import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import type { ApiRoutes } from '#shared/api-contract.ts';
import { projectRoot } from '../paths.ts';
import { undeclaredFields } from '../platform/response-contract.ts';
import { createTestApp, request, type TestApp } from './test-app.ts';

// Every route's answer is described by a zod schema in src/shared (docs/architecture.md), so the
// OpenAPI document describes every answer and the web's types come from the same schemas.

/** Routes that answer no JSON body on success: what they send instead. */
const NOT_JSON: Record<string, string> = {
  'GET /z/{code}': 'a redirect to the destination',
  'GET /z/{host}/{code}': 'a redirect to the destination of a links domain’s code (its password or expiry page on this host)',
  'GET /api/events': 'an event stream',
  'GET /api/downloads/{id}': 'the product file',
  'GET /api/receipts/{token}/downloads/{saleId}': 'a redirect to a download link signed at the click',
  'GET /embed.js': 'the embed’s overlay script for creators’ own sites (JavaScript)',
  'GET /embed/product/{productId}': 'the framed Buy now page (the web app’s HTML), or a small HTML page when the product is not on sale',
  'GET /api/memberships/{id}/download': 'the membership product file, for a member',
  'GET /api/products/{id}/file': 'the product file, for its creator',
  'GET /api/invoices/{id}/pdf': 'the invoice as PDF',
  'GET /api/pay/{invoiceId}/pdf': 'the invoice as PDF, for anyone holding its payment link',
  'GET /api/receipts/{token}/stores/{storeId}/pdf': 'one store’s receipt of the order as PDF, for anyone holding the receipt link',
  'GET /api/my/plan/invoices/{id}/pdf': 'the plan invoice as PDF',
  'GET /api/jobs/{id}/applications/{applicationId}/file': 'the applicant’s file',
  'GET /media/{bucket}/{*}': 'an image or video',
  'GET /api/avatars/{file}': 'an image',
  'GET /api/admin/newsletter.csv': 'a CSV file',
  'GET /api/sales/export.csv': 'a CSV file, streamed',
  'GET /api/audience/export.csv': 'a CSV file, streamed',
  'GET /api/links/{code}/stats.csv': 'a CSV file',
  'POST /api/ai/generate': 'a stream of text',
  'POST /api/ai/product-draft': 'a stream of text: the product draft',
  'POST /api/ai/translate': 'a stream of text: the translation',
  'GET /@{slug}': 'the creator page, server-rendered HTML',
  'POST /@{slug}/follow': 'the creator page again, saying the follow box was sent (a plain form)',
  'GET /@{slug}/go/{blockId}': 'a redirect to where the creator page’s block goes',
  'GET /dev/mailbox': 'an HTML page listing the mails sent in development',
  'GET /api/audience/confirm': 'an HTML page: the "Get updates" sign-up confirmed',
  'GET /api/audience/unsubscribe': 'an HTML page asking before it unsubscribes',
  'POST /api/audience/unsubscribe': 'an HTML page: unsubscribed (RFC 8058 one-click)',
  'GET /api/audience/confirm-purchase': 'an HTML page asking a free purchase’s buyer before it records their yes',
  'POST /api/audience/confirm-purchase': 'an HTML page: the free purchase’s buyer said yes to the creator’s updates',
  'GET /api/audience/o/{file}': 'a 1×1 GIF: a post mail’s open pixel',
  'GET /api/audience/c/{token}': 'a redirect to one of the post’s own links (or an HTML page saying the link is not valid)',
  'GET /api/audience/files/{id}': 'a file a post attached to a product, for its buyers',
  'GET /api/conversations/{id}/attachments/{messageId}': 'a message’s image or video, for the conversation’s members',
  'GET /api/auth/{*}': 'better-auth answers these itself',
  'POST /api/auth/{*}': 'better-auth answers these itself',
};

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({}, {
    beforeReady: (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      const schema = { response: { 200: z.object({ name: z.string() }) } };
      typed.get('/api/test/contract/right', { schema }, async () => ({ name: 'Ada' }));
      // Both answers below break the schema; the casts stand for a handler whose types drifted.
      typed.get('/api/test/contract/wrong-type', { schema }, async () => ({ name: 7 }) as unknown as { name: string });
      typed.get('/api/test/contract/extra-field', { schema }, async () => ({ name: 'Ada', passwordHash: 'x' }));
    },
  });
});
afterAll(() => test.close());

describe('response schemas', () => {
  it('send what the schema describes, and fail a route that answers something else', async () => {
    const right = await request(test.app, { method: 'GET', url: '/api/test/contract/right' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ name: 'Ada' });
    const wrongType = await request(test.app, { method: 'GET', url: '/api/test/contract/wrong-type' });
    expect(wrongType.statusCode).toBe(500);
    // Outside production an undeclared field is an error too, not silently dropped.
    const extra = await request(test.app, { method: 'GET', url: '/api/test/contract/extra-field' });
    expect(extra.statusCode).toBe(500);
    expect(extra.body).not.toContain('passwordHash');
    expect(test.logs()).toContain('passwordHash is not in the response schema');
  });

  it('finds undeclared fields at any depth', () => {
    expect(undeclaredFields({ a: 1, b: { c: [{ d: 1, e: 2 }] }, f: undefined }, { a: 1, b: { c: [{ d: 1 }] } }, '')).toEqual(['b.c[0].e']);
    expect(undeclaredFields({ a: new Date(0) }, { a: '1970-01-01T00:00:00.000Z' }, '')).toEqual([]);
  });

  it('are declared by every JSON route, so the OpenAPI document describes every answer', async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as { paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>> };
    const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const undescribed = operations
      .filter(({ route }) => !route.includes('/api/test/contract/') && !(route in NOT_JSON))
      .filter(({ operation }) => !Object.entries(operation.responses ?? {}).some(([status, answer]) => status === '204' || (/^2\d\d$/.test(status) && answer.content)))
      .map(({ route }) => route);
    expect(undescribed).toEqual([]);
  });

  it('are the very schemas the API maps of src/shared list, for routes that exist', async () => {
    const files = fs.readdirSync(path.join(projectRoot, 'src/shared')).filter((name) => name.endsWith('-api.ts'));
    expect(files.length).toBeGreaterThan(10);
    const problems: string[] = [];
    let listed = 0;
    for (const file of files) {
      const module = (await import(path.join(projectRoot, 'src/shared', file))) as Record<string, ApiRoutes>;
      for (const routes of Object.entries(module).filter(([name]) => name.endsWith('_API')).map(([, map]) => map)) {
        for (const [key, schema] of Object.entries(routes)) {
          listed += 1;
          const [method, url] = key.split(' ');
          const route = test.app.routeTable.find((entry) => entry.method === method && entry.url === url);
          if (!route) problems.push(`${file}: ${key} is not a route`);
          else if (!Object.entries(route.response ?? {}).some(([status, declared]) => /^2\d\d$/.test(status) && declared === schema)) {
            problems.push(`${file}: ${key} does not declare this schema as its success answer`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(listed).toBeGreaterThan(0);
  });
});
