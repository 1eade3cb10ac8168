// Applies the committed migrations to DATABASE_URL, or to the embedded database under DATA_DIR.
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/client';

const database = await openConfiguredDatabase(loadConfig());
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.driver}).`);
