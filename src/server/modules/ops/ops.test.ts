import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, request, waitFor, type TestApp } from '../../test/test-app.ts';
import { ClickBuffer } from '../links/click-buffer.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** The value of one sample line (`name{labels} value`) of the Prometheus text. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('health', () => {
  it('/healthz answers while the process lives', async () => {
    const response = await request(test.app, { method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database and its migrations', async () => {
    const ready = await request(test.app, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });

    // The newest migration not applied yet: not ready.
    const { rows } = await test.database.pool.query(`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING *`);
    try {
      const pending = await request(test.app, { method: 'GET', url: '/readyz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await test.database.pool.query(`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)`, [rows[0].id, rows[0].hash, rows[0].created_at]);
    }
  });

  // A second app of its own (its creation on a busy machine is why the longer timeout). Its database
  // refuses connections and its sessions are ended, as when the server goes away; the app's pool is
  // left as it is (ending it under the app's feet left waiting connection requests that never settled).
  it('/readyz answers 503 when the database is gone', { timeout: 120_000 }, async () => {
    // Its database is cut away under it: its books are not read when it closes.
    const other = await createTestApp({}, { ledgerCheck: false });
    // Its first run of the recurring tasks done first: cut in the middle of one, the transaction it held
    // is the test's doing, not the outage /readyz is asked about.
    await waitFor('the second app’s due tasks to be done', async () => {
      const { rows } = await other.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE state = 'running' OR (state = 'queued' AND run_at <= now())`);
      return rows[0]!.n === 0;
    });
    const name = new URL(other.databaseUrl).pathname.slice(1);
    await test.database.pool.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await test.database.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
    try {
      const response = await request(other.app, { method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.database).toBe('failed');
    } finally {
      await test.database.pool.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await other.close();
    }
  });
});

describe('request ids and logs', () => {
  it('gives every answer an X-Request-Id and logs each request as one JSON line with it', async () => {
    const ok = await request(test.app, { method: 'GET', url: '/api/site' });
    const missing = await request(test.app, { method: 'GET', url: '/api/nothing-here' });
    const ids = [ok.headers['x-request-id'], missing.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const lines = test
      .logs()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofFirst = lines.filter((line) => line.reqId === ids[0]);
    expect(ofFirst).toEqual([
      expect.objectContaining({ msg: 'request completed', method: 'GET', url: '/api/site', route: '/api/site', statusCode: 200 }),
    ]);
    expect(lines.filter((line) => line.reqId === ids[1])).toEqual([expect.objectContaining({ statusCode: 404, route: 'unmatched' })]);
  });

  it("keeps a proxy's request id", async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/site', headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(response.headers['x-request-id']).toBe('lb-1234abcd');
    const forged = await request(test.app, { method: 'GET', url: '/api/site', headers: { 'x-request-id': 'bad id\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  it('counts requests by route, redirects (fast path included) and exposes the click queue and sales', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    const { cookie } = await createSignedInUser(test);
    const link = await request(test.app, { method: 'POST', url: '/api/links', cookie, payload: { url: 'https://example.com/metrics' } });
    const code = link.json().code as string;
    // A link made through the API is in this instance's index at once: every redirect takes the fast path.
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${base}/z/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
      expect(response.status).toBe(302);
    }
    for (let i = 0; i < 2; i++) await fetch(`${base}/api/links/${code}`);
    test.app.zerri.buffers.add(async () => {}, { name: 'clicks', count: () => 7 });

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(sample(text, 'zerri_http_requests_total', 'method="GET",route="/api/links/:code",status_code="200"')).toBe(2);
    expect(sample(text, 'zerri_http_request_duration_seconds_count', 'method="GET",route="/api/links/:code",status_code="200"')).toBe(2);
    expect(sample(text, 'zerri_redirects_total')).toBe(3);
    expect(sample(text, 'zerri_http_requests_total', 'method="GET",route="/z/:code",status_code="302"')).toBeUndefined();
    expect(sample(text, 'zerri_unflushed_clicks')).toBeGreaterThanOrEqual(7);
    expect(sample(text, 'zerri_sales_completed')).toBe(0);
    expect(text).toContain('zerri_process_cpu_seconds_total');
  });

  it('counts the clicks a buffer holds until it writes them', async () => {
    const buffer = new ClickBuffer(test.database.pool);
    const details = { day: '2026-01-01', referrer: '', browser: 'Chrome', device: 'Desktop', os: 'Windows', ip: '203.0.113.1' };
    buffer.record(1, details);
    buffer.record(1, details);
    buffer.record(2, details);
    expect(buffer.pendingTotal()).toBe(3);
  });

  it('is hidden in production unless made public or given a token', async () => {
    const hidden = await createTestApp({ NODE_ENV: 'production' });
    const open = await createTestApp({ NODE_ENV: 'production', METRICS_PUBLIC: 'true' });
    const token = 'a-metrics-token-of-some-length';
    const guarded = await createTestApp({ NODE_ENV: 'production', METRICS_TOKEN: token });
    try {
      expect((await request(hidden.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await request(open.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await request(guarded.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await request(guarded.app, { method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
      expect(wrong.statusCode).toBe(401);
      const right = await request(guarded.app, { method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('zerri_http_requests_total');
    } finally {
      await Promise.all([hidden.close(), open.close(), guarded.close()]);
    }
  });
});

describe('API documentation', () => {
  it('serves OpenAPI generated from the route schemas, and a page listing it', async () => {
    const response = await request(test.app, { method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toBe('3.0.3');
    const createLink = spec.paths['/api/links'].post;
    expect(createLink.requestBody.content['application/json'].schema.properties).toHaveProperty('url');
    const listLinks = spec.paths['/api/links'].get;
    expect(listLinks.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['page', 'pageSize', 'q', 'sort']));
    expect(spec.paths['/api/links/{code}'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'code', in: 'path' }), expect.objectContaining({ name: 'domain', in: 'query' })]),
    );
    expect(spec.paths['/metrics']).toBeUndefined();
    const page = await request(test.app, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/openapi.json');
    expect(page.body).toContain('<code>/api/links/{code}</code>');
  });

  it('is off in production unless API_DOCS_ENABLED', async () => {
    const off = await createTestApp({ NODE_ENV: 'production' });
    const on = await createTestApp({ NODE_ENV: 'production', API_DOCS_ENABLED: 'true' });
    try {
      expect((await request(off.app, { method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await request(off.app, { method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(404);
      expect((await request(on.app, { method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(200);
    } finally {
      await Promise.all([off.close(), on.close()]);
    }
  });
});
