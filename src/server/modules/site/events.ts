import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_MS, PUBLIC_CHANNEL, userChannel, type RealtimeEvent } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { getSessionUser } from '../../platform/session.ts';

/** The one server-sent-events stream: the public channel, plus the user's own when signed in. */
export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const openStreams = new Set<() => void>();
  // Open streams would otherwise keep the server from closing: they end before it stops listening
  // (preClose), since onClose hooks only run once every connection is gone.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.get('/api/events', async (request, reply) => {
    const user = await getSessionUser(ctx.auth, request);
    const channels = [PUBLIC_CHANNEL, ...(user ? [userChannel(user.id)] : [])];
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    const send = (event: RealtimeEvent) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    res.write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify({ channels })}\n\n`);
    const unsubscribe = ctx.realtime.subscribe(channels, send);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    openStreams.add(end);
    request.raw.on('close', close);
  });
}
