import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one app instance (served at /metrics). Each app has its own registry, so
 * two apps in one process (tests) never mix their numbers.
 */
export interface Metrics {
  registry: Registry;
  /** Called on the redirect fast path: a plain increment, read when Prometheus scrapes. */
  countRedirect(): void;
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** A gauge read at scrape time (queue lengths, totals kept in the database). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'zerri_' });

  const requests = new Counter({
    name: 'zerri_http_requests_total',
    help: 'HTTP requests answered through the router, by method, route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'zerri_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  let fastRedirects = 0;
  let reportedRedirects = 0;
  new Counter({
    name: 'zerri_redirects_total',
    help: 'Short-link redirects (302), from the cached fast path and from the router.',
    registers: [registry],
    collect() {
      this.inc(fastRedirects - reportedRedirects);
      reportedRedirects = fastRedirects;
    },
  });

  return {
    registry,
    countRedirect() {
      fastRedirects += 1;
    },
    observeRequest(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
  };
}
