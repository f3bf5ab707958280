import { eq } from 'drizzle-orm';
import type { CurrentUser } from '#shared/auth.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { userProfiles } from '../../db/schema/profiles.ts';

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      name: userProfiles.name,
      avatarUrl: userProfiles.avatarUrl,
      storefrontSlug: userProfiles.storefrontSlug,
      bio: userProfiles.bio,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return { ...row, avatarUrl: row.avatarUrl ?? `/api/avatars/${row.id}.svg` };
}

export async function getProfileNameAndEmail(db: Db, userId: string) {
  const [row] = await db
    .select({ name: userProfiles.name, email: users.email })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}
