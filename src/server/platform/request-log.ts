import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A proxy's request id is kept when it looks like one (so logs of both line up); otherwise a new UUID. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** The route's template (`/api/links/:code`), never the raw URL, so metric labels stay few. */
export const routeLabel = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/**
 * One JSON line per request instead of Fastify's two ("incoming" and "completed"): the request id
 * (also in the X-Request-Id header), method, URL, route, status and time. Headers are never
 * logged, so cookies and API keys stay out of the log.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      route: routeLabel(request),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The request id header on every answer (errors too), and per-route request metrics. */
export function registerRequestTracking(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    if (reply.statusCode === 302 && route === '/z/:code') metrics.countRedirect();
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
