import { describe, expect, it } from 'vitest';
import { isRecoveryCode, isTotpCode, manualKeyOf, needsAdminTwoFactorSetup } from './auth-two-factor.ts';

describe('two-factor rules', () => {
  it('asks only an admin without two-factor sign-in to set it up, and only while the platform requires it', () => {
    const required = { requireAdminTwoFactor: true };
    expect(needsAdminTwoFactorSetup({ role: 'admin', twoFactorEnabled: false }, required)).toBe(true);
    expect(needsAdminTwoFactorSetup({ role: 'admin', twoFactorEnabled: true }, required)).toBe(false);
    expect(needsAdminTwoFactorSetup({ role: 'creator', twoFactorEnabled: false }, required)).toBe(false);
    expect(needsAdminTwoFactorSetup({ role: 'admin', twoFactorEnabled: false }, { requireAdminTwoFactor: false })).toBe(false);
  });

  it('accepts 6-digit codes as people type them, and recovery codes in their shape', () => {
    expect(['123456', '123 456', '123-456', ' 123456 '].map(isTotpCode)).toEqual([true, true, true, true]);
    expect(['12345', '1234567', 'abcdef', ''].map(isTotpCode)).toEqual([false, false, false, false]);
    expect(['aB3xY-9kLmQ', ' aB3xY-9kLmQ '].map(isRecoveryCode)).toEqual([true, true]);
    expect(['aB3xY9kLmQ', 'aB3x-9kLmQ', '123456'].map(isRecoveryCode)).toEqual([false, false, false]);
  });

  it('shows the secret of an otpauth URI in groups of four', () => {
    expect(manualKeyOf('otpauth://totp/Zerri:a%40b.c?secret=GEZDGNBVGY3TQOJQ&issuer=Zerri')).toBe('GEZD GNBV GY3T QOJQ');
  });
});
