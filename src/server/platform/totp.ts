import { createHmac, timingSafeEqual } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '#shared/auth-two-factor.ts';

/** The 30-second time step of a moment (RFC 6238: T = floor(unix time / period)). */
export const totpStep = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code of one time step (RFC 4226 HOTP with HMAC-SHA1 and dynamic truncation). */
export function totpCodeAt(secret: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', secret).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The time step whose code `code` is, among the steps better-auth accepts (one either side of now,
 * for clocks a little off), newest first; undefined when it is none of them.
 */
export function matchingTotpStep(secret: Buffer, code: string, nowMs = Date.now()): number | undefined {
  const given = Buffer.from(code);
  const now = totpStep(nowMs);
  let found: number | undefined;
  // Every candidate is compared (in constant time), so the timing tells nothing about which one matched.
  for (const step of [now + 1, now, now - 1]) {
    const expected = Buffer.from(totpCodeAt(secret, step));
    if (given.length === expected.length && timingSafeEqual(given, expected) && found === undefined) found = step;
  }
  return found;
}
