import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchesSignature } from './signatures.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('matchesSignature', () => {
  it('takes the signature as written and nothing else, not even a spelling that decodes to the same bytes', () => {
    const mac = createHmac('sha256', 'key').update('payload').digest();
    const written = mac.toString('base64url');
    expect(matchesSignature(written, mac)).toBe(true);
    // 32 bytes are 43 characters; the last one's two low bits are unused, so its neighbour decodes alike.
    const last = ALPHABET.indexOf(written.at(-1)!);
    const twin = `${written.slice(0, -1)}${ALPHABET[last ^ 1]}`;
    expect(Buffer.from(twin, 'base64url').equals(mac)).toBe(true);
    expect(matchesSignature(twin, mac)).toBe(false);
    expect(matchesSignature(`${written.slice(0, 5)}x${written.slice(6)}`, mac)).toBe(written[5] === 'x');
    expect(matchesSignature(written.slice(0, -1), mac)).toBe(false);
    expect(matchesSignature('', mac)).toBe(false);
  });
});
