import type { FastifyInstance } from 'fastify';
import { HEARTBEAT_MS, PUBLIC_CHANNEL, STREAM_REPLACED_EVENT, userChannel, type RealtimeEvent } from '#shared/realtime.ts';
import type { AppContext } from '../../platform/context.ts';
import { getSessionUser } from '../../platform/session.ts';

interface OpenStream {
  /** Ends the stream. */
  end(): void;
  /** Tells the browser it was replaced by a newer stream of the same client, then ends it. */
  replace(): void;
}

/**
 * The open streams of each client, oldest first. A client (a signed-in user, else an IP) keeps at
 * most `maxPerClient` (issue #16: one client opened 1,000); opening one more closes its oldest.
 * Counted per app instance.
 */
function streamRegistry(maxPerClient: number) {
  const byClient = new Map<string, Set<OpenStream>>();
  return {
    add(client: string, stream: OpenStream) {
      let streams = byClient.get(client);
      if (!streams) byClient.set(client, (streams = new Set()));
      streams.add(stream);
      for (const oldest of streams) {
        if (streams.size <= maxPerClient) break;
        streams.delete(oldest);
        oldest.replace();
      }
    },
    remove(client: string, stream: OpenStream) {
      const streams = byClient.get(client);
      streams?.delete(stream);
      if (streams?.size === 0) byClient.delete(client);
    },
    endAll() {
      for (const streams of [...byClient.values()]) for (const stream of [...streams]) stream.end();
    },
  };
}

/** The one server-sent-events stream: the public channel, plus the user's own when signed in. */
export async function eventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const streams = streamRegistry(ctx.config.EVENT_STREAMS_PER_CLIENT);
  // Open streams would otherwise keep the server from closing: they end before it stops listening
  // (preClose), since onClose hooks only run once every connection is gone.
  app.addHook('preClose', async () => streams.endAll());

  app.get('/api/events', async (request, reply) => {
    const user = await getSessionUser(ctx.auth, request);
    const channels = [PUBLIC_CHANNEL, ...(user ? [userChannel(user.id)] : [])];
    const client = user ? `user:${user.id}` : `ip:${request.ip}`;
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
      streams.remove(client, stream);
    };
    const stream: OpenStream = {
      end() {
        close();
        res.end();
      },
      replace() {
        send({ channel: '', type: STREAM_REPLACED_EVENT, data: null });
        stream.end();
      },
    };
    request.raw.on('close', close);
    streams.add(client, stream);
  });
}
