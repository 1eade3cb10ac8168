// npm run db:restore -- <file> [--force]: restores an archive of db:backup into DATABASE_URL or the
// embedded database under DATA_DIR, and DATA_DIR/uploads. The checksums are checked first; a target
// that holds anything is refused unless --force. Start the server on it afterwards (npm run serve):
// newer migrations, if any, apply at start.
import { RestoreError, restoreBackup } from '../server/backup/restore';
import { loadConfig } from '../server/config';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run db:restore -- <file.tar> [--force]');
  process.exit(2);
}
try {
  const manifest = await restoreBackup(file, loadConfig(), { force });
  console.log(
    `Restored the backup of ${manifest.createdAt} (app ${manifest.app.version}, ${manifest.migrations} migrations): ` +
      Object.entries(manifest.counts)
        .map(([table, n]) => `${table} ${n}`)
        .join(', '),
  );
} catch (err) {
  if (err instanceof RestoreError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
