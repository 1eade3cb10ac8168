// npm run db:backup -- <file>: one archive (tar) of DATABASE_URL or the embedded database under
// DATA_DIR, and DATA_DIR/uploads, with a manifest (app version, migrations, counts, checksums).
// Safe while the server runs and takes writes (server/backup/backup.ts says how).
import { createBackup } from '../server/backup/backup';
import { loadConfig } from '../server/config';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:backup -- <file.tar>');
  process.exit(2);
}
const config = loadConfig();
const started = Date.now();
const manifest = await createBackup(config, file);
const counts = Object.entries(manifest.counts)
  .map(([table, n]) => `${table} ${n}`)
  .join(', ');
console.log(
  `Backup of the ${manifest.driver === 'pg' ? 'PostgreSQL' : 'embedded'} database written to ${file} in ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s: ${counts}; ${Object.keys(manifest.checksums).length} files checksummed.`,
);
