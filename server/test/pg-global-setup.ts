import pg from 'pg';

/** Extensions are per database: create them once before test files race to do it in parallel. */
export default async function setup() {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public');
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    // Leftovers of interrupted runs.
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 't\\_%'",
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}
