// Sending one webhook delivery: Standard Webhooks signing, and never to a private or local address
// unless the deployment allows it (WEBHOOKS_ALLOW_LOCAL, default only outside production).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MESSAGES, WEBHOOK_TIMEOUT_SECONDS } from '#shared/webhooks.ts';

/** Addresses a webhook may not reach: private, loopback, link-local, CGNAT, multicast, reserved. */
const LOCAL = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) LOCAL.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001:db8::', 32], ['64:ff9b:1::', 48], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) LOCAL.addSubnet(prefix, bits, 'ipv6');

/** An IPv6 address as its 16 bytes (a dotted IPv4 ending and a zone allowed); undefined if it is none. */
function ipv6Bytes(address: string): Uint8Array | undefined {
  const text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  if (net.isIP(text) !== 6) return undefined;
  const groups = (part: string) => {
    if (!part) return [];
    const words: number[] = [];
    for (const group of part.split(':')) {
      if (group.includes('.')) {
        const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
        words.push((a << 8) | b, (c << 8) | d);
      } else words.push(Number.parseInt(group, 16));
    }
    return words;
  };
  const [head = '', tail] = text.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    bytes[index * 2] = word >> 8;
    bytes[index * 2 + 1] = word & 0xff;
  });
  return bytes;
}

const dotted = (bytes: Uint8Array, at: number, flip = 0) => Array.from(bytes.subarray(at, at + 4), (byte) => byte ^ flip).join('.');
const zeros = (bytes: Uint8Array, from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
const word = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;

/**
 * The IPv4 addresses an IPv6 address reaches or stands for: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16, bits
 * 16–48) and Teredo (2001::/32: its server, and its client's address inverted in the last 32 bits).
 */
export function embeddedIPv4(bytes: Uint8Array): string[] {
  if (zeros(bytes, 0, 10) && word(bytes, 10) === 0xffff) return [dotted(bytes, 12)];
  if (zeros(bytes, 0, 12)) return [dotted(bytes, 12)];
  if (zeros(bytes, 0, 8) && word(bytes, 8) === 0xffff && zeros(bytes, 10, 12)) return [dotted(bytes, 12)];
  if (word(bytes, 0) === 0x64 && word(bytes, 2) === 0xff9b && zeros(bytes, 4, 12)) return [dotted(bytes, 12)];
  if (word(bytes, 0) === 0x2002) return [dotted(bytes, 2)];
  if (word(bytes, 0) === 0x2001 && word(bytes, 2) === 0) return [dotted(bytes, 4), dotted(bytes, 12, 0xff)];
  return [];
}

/**
 * Whether a webhook may not be sent to this address: a refused IPv4 one, a refused IPv6 one, or an
 * IPv6 one that reaches a refused IPv4 address through any of the forms above. Anything else that is
 * no address is refused too.
 */
export function isLocalAddress(address: string): boolean {
  if (net.isIP(address) === 4) return LOCAL.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  return LOCAL.check(address.replace(/^\[|\]$/g, '').split('%')[0]!, 'ipv6') || embeddedIPv4(bytes).some((ipv4) => LOCAL.check(ipv4, 'ipv4'));
}

export class AddressRefusedError extends Error {}

/**
 * The signature header value (v1,<base64 HMAC-SHA256 of "id.timestamp.body">), made by the standardwebhooks
 * library: it takes the whsec_<base64> secret as stored and signs with its decoded bytes; timestamp in seconds.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
}

type LookupAll = (hostname: string, options: dns.LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) => void;

/** DNS lookup that refuses a host when any of its addresses is local; the connection uses a checked address. */
const checkedLookup: LookupAll = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const local = addresses.find((entry) => isLocalAddress(entry.address));
    if (local || addresses.length === 0) return callback(new AddressRefusedError(WEBHOOK_MESSAGES.addressRefused(hostname)), '');
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export interface DeliveryResult {
  ok: boolean;
  status: number | null;
  excerpt: string;
  latencyMs: number;
}

const EXCERPT_MAX = 500;
const TIMEOUT_MS = WEBHOOK_TIMEOUT_SECONDS * 1000;

/** POSTs a signed body; follows no redirect. Resolves with what the receiver answered (or why it could not). */
export function postWebhook(options: { url: string; secret: string; id: string; body: string; allowLocal: boolean }): Promise<DeliveryResult> {
  const started = Date.now();
  const url = new URL(options.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const done = (ok: boolean, status: number | null, excerpt: string): DeliveryResult => ({ ok, status, excerpt: excerpt.slice(0, EXCERPT_MAX), latencyMs: Date.now() - started });
  if (!options.allowLocal && net.isIP(host) && isLocalAddress(host)) return Promise.resolve(done(false, null, WEBHOOK_MESSAGES.addressRefused(host)));
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Zerri-Webhooks/1',
    'webhook-id': options.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(options.secret, options.id, timestamp, options.body),
  };
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: 'POST', headers, timeout: TIMEOUT_MS, ...(options.allowLocal ? {} : { lookup: checkedLookup as unknown as typeof dns.lookup }) },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < EXCERPT_MAX) text += chunk;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve(done(status >= 200 && status < 300, status, text));
        });
        response.on('error', (error) => resolve(done(false, response.statusCode ?? null, error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(WEBHOOK_MESSAGES.noAnswer)));
    request.on('error', (error) => resolve(done(false, null, error.message)));
    request.end(options.body);
  });
}
