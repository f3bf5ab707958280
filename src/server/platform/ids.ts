import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id like `job_3kP9…`: a readable prefix and 20 unguessable characters. */
export function prefixedId(prefix: string, length = 20): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
  }
  return `${prefix}_${id}`;
}
