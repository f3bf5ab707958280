/**
 * License keys: one per completed sale of a product with license keys on, checked by the creator's
 * own app through POST /api/licenses/verify (the shape of Gumroad's /v2/licenses/verify).
 */

export const LICENSE_MESSAGES = {
  /** The one answer for an unknown key, a key of another product and a malformed one: it tells nothing about other keys. */
  notFound: 'That license does not exist for the provided product.',
  disabled: 'This license key has been disabled.',
  /** A creator's action on a key that is not theirs (or does not exist). */
  keyNotFound: 'License key not found.',
  refunded: 'This license key was disabled because its purchase was refunded.',
  /** A refunded sale's key stays off. */
  enableRefunded: 'The purchase of this license key was refunded, so it cannot be enabled again.',
  productIdRequired: 'Please send the product_id of the product the key was sold with.',
  licenseKeyRequired: 'Please send the license_key to verify.',
  incrementUsesCount: 'increment_uses_count must be true or false.',
  rateLimited: (seconds: number) => `Too many license verifications. Please wait ${seconds} seconds.`,
} as const;

export const LICENSE_STATUSES = ['active', 'disabled'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** A key as issued: four groups of eight upper-case hex digits (128 random bits). */
export const LICENSE_KEY_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/;

/** Writes 16 random bytes as a key: `0123ABCD-4567EF01-…`. */
export function formatLicenseKey(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError('A license key is made of 16 bytes.');
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();
  return hex.match(/.{8}/g)!.join('-');
}

/** A key as a person may paste it (spaces around, lower case) in the form it is stored in; undefined when it cannot be a key. */
export function normalizeLicenseKey(input: string): string | undefined {
  const key = input.trim().toUpperCase();
  return LICENSE_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * The buyer's e-mail as POST /api/licenses/verify shows it to anyone but the product's owner: the
 * first character of the name and the whole domain (`j***@example.com`), so a key's holder can tell
 * whose it is without learning the address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** The licenses page's page size. */
export const LICENSES_PAGE_SIZE = 20;

export type { CreatorLicense, LicenseVerification } from './licenses-api.ts';
