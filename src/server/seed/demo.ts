import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '#shared/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/auth.ts';
import { userProfiles } from '../db/schema/profiles.ts';

export const DEMO_PASSWORD = 'zerri-demo-2026';

interface DemoUser {
  email: string;
  name: string;
  role: Role;
  slug: string;
  bio: string;
}

const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.zerri.test', name: 'Ada Admin', role: 'admin', slug: 'ada-admin', bio: 'Runs the platform.' },
  { email: 'hiring@demo.zerri.test', name: 'Northwind Studio', role: 'company', slug: 'northwind', bio: 'A remote design studio, hiring creators.' },
  { email: 'maya@demo.zerri.test', name: 'Maya Chen', role: 'creator', slug: 'maya-chen', bio: 'Illustrator and template designer.' },
  { email: 'leo@demo.zerri.test', name: 'Leo Martins', role: 'creator', slug: 'leo-martins', bio: 'Music producer and course author.' },
  { email: 'sam@demo.zerri.test', name: 'Sam Buyer', role: 'user', slug: 'sam-buyer', bio: 'Collects good templates.' },
];

/** Fills an empty database with demo accounts. Never in production; a database with users is left alone. */
export async function seedDemo(db: Db, config: Pick<Config, 'isProduction'>, log: (line: string) => void) {
  if (config.isProduction) throw new Error('Demo content is never seeded in production.');
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) {
    log('Demo content skipped: the database already has accounts.');
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      const id = randomUUID().replaceAll('-', '');
      await tx.insert(users).values({ id, email: demo.email, name: demo.name, role: demo.role, emailVerified: true });
      await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      await tx
        .update(userProfiles)
        .set({ bio: demo.bio, storefrontSlug: demo.slug, isPublic: demo.role === 'creator' })
        .where(eq(userProfiles.id, id));
    }
  });
  log(`Demo content added. Log in with any of these (password ${DEMO_PASSWORD}):`);
  for (const demo of DEMO_USERS) log(`  ${demo.role.padEnd(8)} ${demo.email}`);
  return true;
}
