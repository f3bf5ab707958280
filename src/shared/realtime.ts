/** Channels of the server-sent-events stream: everyone gets `public`, a signed-in user also `user:<id>`. */
export const PUBLIC_CHANNEL = 'public';
export const userChannel = (userId: string) => `user:${userId}`;

import type { InvoiceStatus } from './invoices.ts';
import type { ORDER_STATUSES } from './orders.ts';
import type { PAYOUT_STATUSES } from './payouts.ts';
import type { SalesChangedEvent } from './sales.ts';

/**
 * Every realtime event and its payload: `publish` on the server and `useRealtimeEvent` in the web
 * take these names only, with these payloads.
 */
export interface RealtimeEvents {
  /** public: the number of registered users changed. */
  'users.count': { count: number | null };
  /** public: a product was created, edited or deleted (`id` is empty when a creator's profile changed). */
  'products.changed': { id: string; action: 'created' | 'updated' | 'deleted'; userId: string };
  'posts.created': { id: string; authorId: string };
  'posts.updated': { id: string; likeCount?: number; commentCount?: number };
  'posts.deleted': { id: string };
  /** user: one of the creator's sales was made or refunded. */
  'sales.changed': SalesChangedEvent;
  /** user: the payout method was saved, or a payout was requested or processed. */
  'payouts.changed': { method: true } | { adjustment: true } | { account: true } | { transfer: true } | { id: string; status: (typeof PAYOUT_STATUSES)[number] };
  'invoices.changed': { id: string; status: InvoiceStatus };
  /** user: one of the buyer's orders was paid or failed. */
  'orders.changed': { id: string; status: (typeof ORDER_STATUSES)[number] };
  /** user: a notification was added to the inbox, or some were marked read. */
  'notifications.changed': { unreadCount: number };
  /** user: a message was written in one of the user's conversations, or they read one; their unread total. */
  'conversations.changed': { conversationId: string; unreadCount: number };
  'profile.updated': { updatedAt: string };
  /**
   * Each flush, the owner's links whose clicks were written, with their totals: at most
   * LINKS_CLICKED_CHUNK (shared/links.ts), the highest totals first, and `more` when others were
   * written too (not listed: a page showing them reads its counts again).
   */
  'links.clicked': { links: { id: number; code: string; clicks: number }[]; more?: boolean };
  /** internal (between instances, never sent to browsers): a link was deleted or banned. */
  'link.removed': string;
  /**
   * internal: plain links were made or edited on instance `from` (its own id), to join every other
   * instance's links index; `ids` as runs "first-last" or single ids, comma-separated (link-index.ts).
   */
  'links.added': { from: string; ids: string };
  /** internal: an account and all its links were deleted (the user id). */
  'links.owner-removed': string;
  /** internal: a creator's domain started or stopped being served (modules/domains). */
  'domains.changed': null;
  /** internal: the blocked domains changed. */
  'blocklist.changed': null;
  /** the first event of every stream: the channels it listens to. */
  ready: { channels: string[] };
  /** sent on a stream just before the server closes it (see STREAM_REPLACED_EVENT). */
  'stream.replaced': null;
}
export type RealtimeEventName = keyof RealtimeEvents;

export interface RealtimeEvent<Name extends RealtimeEventName = RealtimeEventName> {
  channel: string;
  type: Name;
  data: RealtimeEvents[Name];
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
export const STREAM_REPLACED_EVENT = 'stream.replaced' satisfies RealtimeEventName;
