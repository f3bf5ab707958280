import { createHmac } from 'node:crypto';

// What an authenticator app does with the QR code, written from RFC 6238 / RFC 4226 for the tests
// (API and end-to-end) so they check the server against the standard, not against its own helpers.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value === -1) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The shared secret of an `otpauth://totp/...?secret=BASE32` URI (or a base32 key typed by hand). */
export function totpSecret(uriOrKey: string): Buffer {
  const key = uriOrKey.startsWith('otpauth:') ? new URL(uriOrKey).searchParams.get('secret') : uriOrKey.replace(/\s+/g, '');
  if (!key) throw new Error(`No secret in ${uriOrKey}`);
  return base32Decode(key);
}

/** The 6-digit code for the 30-second step `offset` steps away from now (HMAC-SHA1, dynamic truncation). */
export function totpCode(secret: Buffer, offset = 0, nowMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000) + offset));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const start = hmac[19]! & 0xf;
  const value = ((hmac[start]! & 0x7f) << 24) | (hmac[start + 1]! << 16) | (hmac[start + 2]! << 8) | hmac[start + 3]!;
  return String(value % 1_000_000).padStart(6, '0');
}

/**
 * Waits, if needed, for a 30-second step with at least `neededMs` left, so that a test's codes
 * computed "relative to now" all belong to the same step: a step boundary in the middle would
 * turn "the previous step" into one the server no longer accepts, or "the code just used" into a
 * fresh one. A wait, never a verdict on the machine's speed.
 */
export async function withinOneTotpStep(neededMs: number): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
