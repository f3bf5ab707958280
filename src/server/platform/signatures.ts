import { timingSafeEqual } from 'node:crypto';

/**
 * Whether the signature written in a link is `expected`, spelt exactly as we write it (base64url), in
 * constant time. Decoding the given text instead would accept other spellings: base64url's last
 * character carries unused bits, so a changed last character can decode to the same bytes.
 */
export function matchesSignature(given: string, expected: Buffer): boolean {
  const written = Buffer.from(given);
  const ours = Buffer.from(expected.toString('base64url'));
  return written.length === ours.length && timingSafeEqual(written, ours);
}
