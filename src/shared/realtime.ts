/** Channels of the server-sent-events stream: everyone gets `public`, a signed-in user also `user:<id>`. */
export const PUBLIC_CHANNEL = 'public';
export const userChannel = (userId: string) => `user:${userId}`;

export interface RealtimeEvent<T = unknown> {
  channel: string;
  type: string;
  data: T;
}

/** Reconnect back-off of the browser's stream, in seconds (SPEC §9). */
export const RECONNECT_BACKOFF_SECONDS = [1, 2, 5, 10] as const;

export function reconnectDelayMs(attempt: number): number {
  const index = Math.min(attempt, RECONNECT_BACKOFF_SECONDS.length - 1);
  return RECONNECT_BACKOFF_SECONDS[index]! * 1000;
}

export const HEARTBEAT_MS = 30_000;

/**
 * Sent on a stream just before the server closes it because its client opened too many (the
 * oldest goes first); the browser then waits until its tab is shown again before reconnecting.
 */
export const STREAM_REPLACED_EVENT = 'stream.replaced';
