import { describe, expect, it } from 'vitest';
import { formatLicenseKey, maskEmail, normalizeLicenseKey } from './licenses.ts';

describe('key format', () => {
  it('writes 16 bytes as four groups of eight hex digits, and reads pasted keys', () => {
    const key = formatLicenseKey(Uint8Array.from({ length: 16 }, (_, index) => index * 17));
    expect(key).toBe('00112233-44556677-8899AABB-CCDDEEFF');
    expect(normalizeLicenseKey(` ${key.toLowerCase()}\n`)).toBe(key);
    expect(normalizeLicenseKey('00112233-44556677-8899AABB')).toBeUndefined();
    expect(() => formatLicenseKey(new Uint8Array(8))).toThrow(RangeError);
  });
});

describe('maskEmail', () => {
  it('keeps the first character and the domain only', () => {
    expect(maskEmail('john.smith@example.com')).toBe('j***@example.com');
    expect(maskEmail('j@example.com')).toBe('j***@example.com');
    expect(maskEmail('"a@b"@example.com')).toBe('"***@example.com');
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
