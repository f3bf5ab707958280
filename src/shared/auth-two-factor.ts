import { z } from 'zod';
import { UNCONNECTED_SELLERS } from './payouts-connect.ts';
import type { Role } from './auth.ts';

// Two-factor sign-in (TOTP + recovery codes) and passkeys (issue #16). better-auth's plugins do the
// work behind /api/auth/two-factor/* and /api/auth/passkey/*; these are the rules both sides share.

export const TWO_FACTOR_MESSAGES = {
  codeReused: 'This code has already been used. Wait for the next code from your authenticator app.',
  trustDeviceRefused: 'Two-factor sign-in is asked on every sign-in; a device cannot be remembered.',
  adminTwoFactorRequired: 'Admins must turn on two-factor sign-in in Settings before using the admin pages.',
  enableYourOwnFirst: 'Turn on two-factor sign-in for your own account before requiring it for admins.',
  passkeyNameTooLong: 'A passkey name can have at most 60 characters.',
} as const;

/** Error codes of the server for the messages above (the web translates by code). */
export const TWO_FACTOR_CODES = {
  codeReused: 'totp_code_reused',
  trustDeviceRefused: 'trust_device_not_allowed',
  adminTwoFactorRequired: 'admin_two_factor_required',
  enableYourOwnFirst: 'two_factor_not_enabled_for_you',
  passkeyNameTooLong: 'passkey_name_too_long',
} as const;

/** The name someone gives a passkey in Settings ("Work laptop"). */
export const PASSKEY_NAME_MAX = 60;

/** Fixed values in TWO_FACTOR_MESSAGES, for their translations' {{placeholders}}. */
export const TWO_FACTOR_MESSAGE_PARAMS = { passkeyNameTooLong: { max: PASSKEY_NAME_MAX } };

/** Adding a passkey: an optional name, at most PASSKEY_NAME_MAX characters once trimmed (as the server counts). */
export const passkeyNameFormSchema = z.object({
  name: z.string().refine((name) => name.trim().length <= PASSKEY_NAME_MAX, TWO_FACTOR_MESSAGES.passkeyNameTooLong),
});
export type PasskeyNameForm = z.infer<typeof passkeyNameFormSchema>;

/** Authenticator apps show 6 digits, a new code every 30 seconds (RFC 6238 defaults). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** A code as typed: spaces and dashes people copy along are dropped. */
export const normalizeTotpCode = (value: string) => value.replace(/[\s-]/g, '');
export const isTotpCode = (value: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeTotpCode(value));

/** Recovery codes look like `aB3xY-9kLmQ` (10 letters and digits, shown with a dash). */
export const normalizeRecoveryCode = (value: string) => value.trim();
export const isRecoveryCode = (value: string) => /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(normalizeRecoveryCode(value));

/** The secret of an `otpauth://totp/...` URI, for typing into an app by hand (groups of 4). */
export function manualKeyOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** PUT /api/admin/settings and GET's answer. */
export const platformSettingsSchema = z.object({
  requireAdminTwoFactor: z.boolean(),
  /** Creators without a payout account (Stripe Connect, decision 035): held by the platform, or connect before selling. */
  unconnectedSellers: z.enum(UNCONNECTED_SELLERS),
});
/** PUT /api/admin/settings: a setting left out keeps its value. */
export const platformSettingsBodySchema = platformSettingsSchema.partial();
export type PlatformSettingsBody = z.infer<typeof platformSettingsBodySchema>;
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** An admin who must turn on two-factor sign-in before using the admin area. */
export function needsAdminTwoFactorSetup(user: { role: Role; twoFactorEnabled: boolean }, settings: Pick<PlatformSettings, 'requireAdminTwoFactor'>): boolean {
  return user.role === 'admin' && settings.requireAdminTwoFactor && !user.twoFactorEnabled;
}
