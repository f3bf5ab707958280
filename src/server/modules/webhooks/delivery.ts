// Sending one webhook delivery: Standard Webhooks signing, and never to a private or local address
// unless the deployment allows it (WEBHOOKS_ALLOW_LOCAL, default only outside production).
import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WEBHOOK_MESSAGES, WEBHOOK_TIMEOUT_SECONDS } from '#shared/webhooks.ts';

/** Addresses a webhook may not reach: private, loopback, link-local, CGNAT, multicast, reserved. */
const LOCAL = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) LOCAL.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) LOCAL.addSubnet(prefix, bits, 'ipv6');

export function isLocalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return LOCAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? LOCAL.check(mapped, 'ipv4') : LOCAL.check(address, 'ipv6');
}

export class AddressRefusedError extends Error {}

/** The signature header value: v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the secret's bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
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
