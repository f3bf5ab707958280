import type { Clock } from './clock.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { OrdersWiring } from '../modules/orders/contract.ts';
import type { PaymentsWiring } from '../modules/payments/contract.ts';
import type { Auth } from './auth.ts';
import type { Mailer } from './mail.ts';
import type { TaskRunner } from './tasks.ts';
import type { MailThrottle } from './mail-throttle.ts';
import type { Metrics } from './metrics.ts';
import type { CounterStore } from './counters.ts';
import type { RateLimitCheck } from './rate-limits.ts';
import type { UserFiles } from './storage/quota.ts';
import type { ObjectStorage } from './storage/storage.ts';
import type { Realtime } from './realtime.ts';
import type { ServerPageBody } from './server-page.ts';
import type { Currency } from '#shared/money.ts';
import type { Language } from '#shared/profiles.ts';

/** What every module's routes receive: the app's shared parts, passed in explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** Background tasks: define what a task name does here; enqueue with enqueueTask (platform/tasks.ts). */
  tasks: TaskRunner;
  /** Counts the mails a request triggers, per recipient and sender; call before sending. */
  mailThrottle: MailThrottle;
  realtime: Realtime;
  buffers: BufferedWriters;
  /** Raw request handlers tried before Fastify routing, for the few hot paths (see links). */
  fastPaths: FastPath[];
  storage: ObjectStorage;
  /** Users' uploads within their plan's storage quota; `storage` is its `userFiles.storage`. */
  userFiles: UserFiles;
  /** Where multipart uploads wait while their request runs (DATA_DIR/tmp/uploads, emptied at start). */
  uploadDir: string;
  /** Server-side <title>, description and Open Graph tags for pages that are shared (see app.ts). */
  pageMeta: PageMetaResolver[];
  /**
   * The origin of each creator's verified storefront domain (`https://shop.example.com`), by user id:
   * their pages' canonical URLs and Open Graph URLs name it. Kept by the domains module.
   */
  storefrontOrigins: Map<string, string>;
  /** Counters of failed sign-ins and mails: Redis when REDIS_URL is set (shared by all instances), else memory. */
  counters: CounterStore;
  /** Wrong passwords typed while signed in, per account (platform/password-confirmation.ts). */
  wrongPasswords: RateLimitCheck;
  /** Discount codes tried, per client address, on every route that says whether a code exists (modules/discounts/tries.ts). */
  discountTries: RateLimitCheck;
  /** The Redis connection, when REDIS_URL is set. */
  redis?: Redis;
  metrics: Metrics;
  /** Payments: the provider, the subjects of subscriptions, who is told of checkouts (made in app.ts). */
  payments: PaymentsWiring;
  /** Orders: download links and what paying each kind of order does (made in app.ts). */
  orders: OrdersWiring;
  /** The time memberships' periods go by: the system clock, or a test's MovableClock (platform/clock.ts). */
  clock: Clock;
  /** The headers every response carries (HSTS included in production on https); raw fast paths add them too. */
  securityHeaders: Readonly<Record<string, string>>;
  /** The security headers of a body-less 302 written by a fast path (redirectSecurityHeaders). */
  redirectHeaders: Readonly<Record<string, string>>;
}

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  /** The creator whose page it is: with a verified storefront domain, its URL names that domain. */
  ownerId?: string;
  /** og:type: `website` unless said. */
  type?: 'website' | 'product' | 'profile';
  /** A product's price, for link previews (product:price:amount and product:price:currency). */
  price?: { amountCents: number; currency: Currency };
  /**
   * The page written on the server for a guest or a bot (platform/server-page.ts, decision 037), in the
   * visitor's language; without it, or for a signed-in visitor, the page is the app.
   */
  serverPage?: (language: Language, reply: FastifyReply) => Promise<ServerPageBody>;
}

/**
 * What a page path it knows answers: its tags, a permanent redirect (an old address), or not found (the
 * page still loads, with a 404 status, for crawlers); undefined lets the next resolver try.
 */
export type PageMetaResolver = (pathname: string, request: FastifyRequest) => Promise<PageMeta | { redirect: string } | { notFound: true } | undefined>;

/** Answers a raw request itself and returns true, or returns false to let Fastify handle it. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Modules that gather writes in memory (clicks, views) register a flush here; shutdown and
 * tests call `flushAll` so nothing acknowledged is lost.
 */
export class BufferedWriters {
  private readonly flushers: (() => Promise<void>)[] = [];
  private readonly counters = new Map<string, () => number>();

  /** `pending` counts what is gathered and not yet written (the /metrics queue gauge). */
  add(flush: () => Promise<void>, pending?: { name: string; count: () => number }) {
    this.flushers.push(flush);
    if (pending) this.counters.set(pending.name, pending.count);
  }

  /** Unwritten items per buffer name. */
  pending(): { name: string; count: number }[] {
    return [...this.counters].map(([name, count]) => ({ name, count: count() }));
  }

  async flushAll() {
    await Promise.all(this.flushers.map((flush) => flush()));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's shared parts, for tests and tools that hold only the app. */
    zerri: AppContext;
  }
}
