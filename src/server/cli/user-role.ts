import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '#shared/auth.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema/auth.ts';
import { openCliDatabase } from './database.ts';

// npm run user:role -- EMAIL ROLE   (the only way, with ADMIN_EMAILS, to make an admin)
const [email, role] = process.argv.slice(2);
if (!email || !role || !ROLES.includes(role as Role)) {
  console.error(`Usage: npm run user:role -- EMAIL ROLE   (ROLE is one of ${ROLES.join(', ')})`);
  process.exit(2);
}
const { database, close } = await openCliDatabase(loadConfig());
try {
  const updated = await database.db
    .update(users)
    .set({ role: role as Role, updatedAt: new Date() })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  if (updated.length === 0) {
    console.error(`No account with the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now ${role}.`);
  }
} finally {
  await close();
}
