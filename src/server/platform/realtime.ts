import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { RealtimeEvent, RealtimeEventName, RealtimeEvents } from '#shared/realtime.ts';
import type { Executor } from '../db/client.ts';

const NOTIFY_CHANNEL = 'zerri_events';

/**
 * Sends an event without data as part of `executor`'s transaction: PostgreSQL delivers it when the
 * transaction commits (never if it rolls back), so listeners read the change it announces.
 */
export async function publishOnCommit<Name extends RealtimeEventName>(executor: Executor, channel: string, type: RealtimeEvents[Name] extends null ? Name : never) {
  const payload = JSON.stringify({ channel, type, data: null } satisfies RealtimeEvent);
  await executor.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
}

type Listener = (event: RealtimeEvent) => void;

/**
 * Realtime fan-out through PostgreSQL LISTEN/NOTIFY: an event published on any app
 * instance reaches the subscribers of every instance sharing the database.
 */
export interface Realtime {
  /** Sends an event of the typed map (src/shared/realtime.ts); events without data take none. */
  publish<Name extends RealtimeEventName>(
    channel: string,
    type: Name,
    ...data: RealtimeEvents[Name] extends null ? [] : [data: RealtimeEvents[Name]]
  ): Promise<void>;
  subscribe(channels: string[], listener: Listener): () => void;
  /**
   * Called in this instance as it publishes, before the event goes out: what this instance keeps of
   * the state the event changes is dropped before its own next request (other instances hear the
   * event a moment later through subscribe).
   */
  onPublish(listener: Listener): () => void;
  /** Called each time the listener is back after a lost connection: events sent meanwhile were missed. */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

export async function createRealtime(options: { databaseUrl: string; pool: pg.Pool; log: FastifyBaseLogger }): Promise<Realtime> {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const reconnectListeners = new Set<() => void>();
  const publishListeners = new Set<Listener>();

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const event = JSON.parse(payload) as RealtimeEvent;
      for (const listener of listeners.get(event.channel) ?? []) listener(event);
    } catch (error) {
      options.log.warn({ err: error }, 'ignored a malformed realtime event');
    }
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => dispatch(message.payload));
    next.on('error', () => scheduleReconnect());
    next.on('end', () => scheduleReconnect());
    await next.connect();
    await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    client = undefined;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().then(
        () => {
          for (const listener of reconnectListeners) listener();
        },
        (error: unknown) => {
          options.log.warn({ err: error }, 'realtime listener could not reconnect; retrying');
          scheduleReconnect();
        },
      );
    }, 1000);
  };

  await connect();

  return {
    async publish(channel, type, ...[data = null]) {
      const event = { channel, type, data } satisfies RealtimeEvent;
      for (const listener of publishListeners) listener(event);
      const payload = JSON.stringify(event);
      await options.pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]);
    },
    subscribe(channels, listener) {
      for (const channel of channels) {
        let set = listeners.get(channel);
        if (!set) listeners.set(channel, (set = new Set()));
        set.add(listener);
      }
      return () => {
        for (const channel of channels) {
          const set = listeners.get(channel);
          set?.delete(listener);
          if (set?.size === 0) listeners.delete(channel);
        }
      };
    },
    onPublish(listener) {
      publishListeners.add(listener);
      return () => publishListeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      closed = true;
      reconnectListeners.clear();
      publishListeners.clear();
      clearTimeout(reconnectTimer);
      listeners.clear();
      await client?.end().catch(() => {});
    },
  };
}
