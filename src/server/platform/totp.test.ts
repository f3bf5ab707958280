import { describe, expect, it } from 'vitest';
import { totpSecret } from '../test/totp.ts';
import { matchingTotpStep, totpCodeAt, totpStep } from './totp.ts';

// RFC 6238 Appendix B (HMAC-SHA1, secret "12345678901234567890"), the last 6 of its 8 digits.
const RFC_SECRET = Buffer.from('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP time steps (replay guard)', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 code at unix time %i', (seconds, code) => {
    expect(totpCodeAt(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it('finds the step of a code within one step either side of now, and nothing further away', () => {
    const now = 1_111_111_111_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) expect(matchingTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + offset), now)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) expect(matchingTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + offset), now)).toBeUndefined();
    expect(matchingTotpStep(RFC_SECRET, '12345', now)).toBeUndefined();
  });

  it('reads the secret of an otpauth URI as authenticator apps do (base32)', () => {
    expect(totpSecret('otpauth://totp/Zerri:a%40b.c?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Zerri')).toEqual(RFC_SECRET);
  });
});
