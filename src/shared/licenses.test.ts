import { describe, expect, it } from 'vitest';
import { formatLicenseKey, normalizeLicenseKey } from './licenses.ts';

describe('key format', () => {
  it('writes 16 bytes as four groups of eight hex digits, and reads pasted keys', () => {
    const key = formatLicenseKey(Uint8Array.from({ length: 16 }, (_, index) => index * 17));
    expect(key).toBe('00112233-44556677-8899AABB-CCDDEEFF');
    expect(normalizeLicenseKey(` ${key.toLowerCase()}\n`)).toBe(key);
    expect(normalizeLicenseKey('00112233-44556677-8899AABB')).toBeUndefined();
    expect(() => formatLicenseKey(new Uint8Array(8))).toThrow(RangeError);
  });
});
