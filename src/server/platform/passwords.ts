import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';

const scryptAsync = promisify<string, Buffer, number, { N: number; r: number; p: number; maxmem: number }, Buffer>(scrypt);

/** Tells hashes of `testPasswords` from better-auth's `salt:key`. */
const TEST_PREFIX = 'test-scrypt-1024$';
const TEST_PARAMS = { N: 1024, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * Account passwords in the API tests only (NODE_ENV=test): scrypt as better-auth does it, at 1/16
 * of its work factor. Its full cost (N 16384: 32 MB and about 0.1 s of a core per hash, the point
 * in production) on every sign-up and sign-in of thousands of tests was about a quarter of their
 * time. A hash that is not a test hash is checked the usual way.
 */
export const testPasswords = {
  async hash(password: string) {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt), 64, TEST_PARAMS);
    return `${TEST_PREFIX}${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }) {
    if (!hash.startsWith(TEST_PREFIX)) return verifyPassword({ hash, password });
    const [salt = '', expected = ''] = hash.slice(TEST_PREFIX.length).split(':');
    const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt), 64, TEST_PARAMS);
    return key.length === expected.length / 2 && timingSafeEqual(key, Buffer.from(expected, 'hex'));
  },
};
