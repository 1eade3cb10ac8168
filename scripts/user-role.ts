// Grants or removes a staff role, so that the first moderator can exist:
//   npm run user:role -- maria@example.ro admin.moderator     (or admin.super, or user to remove)
import { eq } from 'drizzle-orm';
import { ROLES } from '../common/roles';
import { setUserRole } from '../server/auth/roles';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/client';
import { user } from '../server/db/schema/auth';

const [email, role] = process.argv.slice(2);
if (!email || !role) {
  console.error(`Usage: npm run user:role -- <email> <${ROLES.join('|')}>`);
  process.exit(2);
}

const database = await openConfiguredDatabase(loadConfig());
await database.migrate();
try {
  const result = await setUserRole(database.db, email, role);
  if (!result.ok) {
    console.error(result.message);
    process.exitCode = 1;
  } else {
    const [row] = await database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, result.email));
    console.log(`${result.email} now has the role ${row?.role}.`);
  }
} finally {
  await database.close();
}
