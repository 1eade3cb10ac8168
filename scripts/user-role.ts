// Grants or removes a staff role, so that the first moderator can exist:
//   npm run user:role -- maria@example.ro admin.moderator     (or admin.super, or user to remove)
import { ROLES } from '../common/roles';
import { roleSetMessage, setUserRole } from '../server/auth/roles';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/client';

const [email, role] = process.argv.slice(2);
if (!email || !role) {
  console.error(`Usage: npm run user:role -- <email> <${ROLES.join('|')}>`);
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
try {
  const result = await setUserRole(database.db, email, role);
  if (!result.ok) {
    console.error(result.message);
    process.exitCode = 1;
  } else {
    console.log(roleSetMessage(result, config.publicUrl));
  }
} finally {
  await database.close();
}
