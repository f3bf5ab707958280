import { createHmac, randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { isbot } from 'isbot';
import { operatingSystem } from '#shared/links.ts';
import { headerNamed } from '../../platform/hosts.ts';
import { browserName, deviceType } from './user-agent.ts';

export interface Visitor {
  /** False for bots and link-preview fetchers: they are redirected but not counted. */
  counted: boolean;
  browser: string;
  device: string;
  os: string;
}

const MAX_REMEMBERED = 2000;
const remembered = new Map<string, Visitor>();

/** Classifies a User-Agent once; the same few strings repeat across most visits. */
export function classifyVisitor(userAgent: string): Visitor {
  let visitor = remembered.get(userAgent);
  if (!visitor) {
    visitor = { counted: !isbot(userAgent), browser: browserName(userAgent), device: deviceType(userAgent), os: operatingSystem(userAgent) };
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(userAgent, visitor);
  }
  return visitor;
}

let currentSecond = -1;
let currentDay = '';

/** Today's date (UTC) as YYYY-MM-DD, recomputed at most once a second. */
export function today(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== currentSecond) {
    currentSecond = second;
    currentDay = new Date(second * 1000).toISOString().slice(0, 10);
  }
  return currentDay;
}

/** User-Agent, Referer and X-Forwarded-For straight from the raw header list (cheaper than building req.headers). */
export function visitHeaders(rawHeaders: string[]): { userAgent: string; referer?: string; forwardedFor?: string } {
  let userAgent = '';
  let referer: string | undefined;
  let forwardedFor: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (headerNamed(name, 'User-Agent', 'user-agent')) userAgent = rawHeaders[i + 1]!;
    else if (headerNamed(name, 'Referer', 'referer')) referer = rawHeaders[i + 1];
    else if (headerNamed(name, 'X-Forwarded-For', 'x-forwarded-for')) forwardedFor ??= rawHeaders[i + 1];
  }
  return { userAgent, referer, forwardedFor };
}

/**
 * Who a visit comes from, to count each visitor once (product views): a keyed hash of the client's
 * network, what is counted and the UTC day. The User-Agent is no part of it (a client changes it at
 * will), and without the key the stored value tells neither the address nor that two days' or two
 * products' visits were the same visitor's.
 */
export class VisitorKeys {
  private readonly key: Buffer;

  /** `purpose` separates the keys of different counters made from the same app secret. */
  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(`zerri/visitors/${purpose}/v1`).digest();
  }

  of(ip: string, scope: string, day = today()): string {
    return createHmac('sha256', this.key).update(`${networkOf(ip)}\n${scope}\n${day}`).digest('base64url');
  }

  /**
   * A person's key: their account (`user:<id>`) or their browser's visitor id (`browser:<id>`), hashed
   * the same way, so that the stored value tells neither who it was nor links two days or two products.
   */
  ofPerson(person: string, scope: string, day = today()): string {
    return createHmac('sha256', this.key).update(`person\n${person}\n${scope}\n${day}`).digest('base64url');
  }
}

// A browser's own visitor id: a first-party cookie of random bytes (never stored as it is), so that
// two people behind one address are two visitors (shared/analytics.ts, decision 036).
const VISITOR_COOKIE = 'zerri_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_IN_HEADER = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([^;]*)`);
/** 13 months: an audience-measurement cookie's longest life without asking consent (CNIL). */
const VISITOR_MAX_AGE_SECONDS = 395 * 24 * 60 * 60;

/** The browser's visitor id from a request's cookies; undefined when missing or malformed. */
export function visitorIdOf(cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader ? VISITOR_IN_HEADER.exec(cookieHeader)?.[1] : undefined;
  return value && VISITOR_ID.test(value) ? value : undefined;
}

/** A new visitor id and the Set-Cookie value that keeps it (13 months, this site only, not for scripts). */
export function newVisitorId(secure: boolean): { id: string; cookie: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, cookie: `${VISITOR_COOKIE}=${id}; Max-Age=${VISITOR_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}` };
}

/**
 * The network an address stands for: an IPv4 address itself (also when written as ::ffff:a.b.c.d),
 * an IPv6 address its /64, which one household or server gets whole and can rotate through at will.
 */
export function networkOf(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  // A dotted IPv4 ending stands for two groups.
  const width = (groups: string[]) => groups.reduce((total, group) => total + (group.includes('.') ? 2 : 1), 0);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
