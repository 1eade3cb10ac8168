import pg from 'pg';

/** Creates the benchmark's database when it does not exist yet (through the server's `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const admin = new pg.Client({ connectionString: url.replace(target.pathname, '/postgres') });
  await admin.connect();
  const name = target.pathname.slice(1);
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
}
