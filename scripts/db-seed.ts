// Fills the configured database (DATABASE_URL, or the embedded one under DATA_DIR):
//   npm run db:seed -- --ads 1000000     synthetic ads, fast, for benchmarks (adds up to N in total)
//   npm run db:seed -- --demo            the demo ads, sellers and moderator (empty database only)
import { parseArgs } from 'node:util';
import { createServices } from '../server/app';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/client';
import { createLogger } from '../server/logger';
import { isEmptyDatabase, seedDemoData } from '../server/seed/demo-seed';
import {
  countAds,
  ensureSeedUsers,
  insertSyntheticBatch,
  withAdIndexesDropped,
} from '../server/seed/synthetic';
import { progressBar } from './lib/progress';

const { values } = parseArgs({ options: { ads: { type: 'string' }, demo: { type: 'boolean' } } });
const wanted = values.ads ? Number(values.ads.replace(/_/g, '')) : 0;
if (!values.demo && !(wanted > 0)) {
  console.error('Usage: npm run db:seed -- --ads <N>   or   npm run db:seed -- --demo');
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
const services = createServices({ config, database, logger: createLogger('warn') });
try {
  if (values.demo) {
    if (!(await isEmptyDatabase(services))) {
      console.error('The database already has accounts: demo data goes only into an empty one.');
      process.exitCode = 1;
    } else {
      const bar = progressBar('demo ads', 40);
      const result = await seedDemoData(services, (done) => bar.update(done));
      bar.done();
      for (const account of result.accounts)
        console.log(`${account.role}: ${account.email} / ${account.password}`);
    }
  }
  if (wanted > 0) await seedSynthetic(wanted);
} finally {
  await database.close();
}

async function seedSynthetic(target: number) {
  const existing = await countAds(database.db);
  if (existing >= target) {
    console.log(`${existing.toLocaleString('en-US')} ads already: nothing to add.`);
    return;
  }
  await ensureSeedUsers(database.db, 500);
  const batch = 10_000;
  const bar = progressBar('ads', target - existing);
  const started = Date.now();
  const insertAll = async () => {
    for (let from = existing; from < target; from += batch) {
      const to = Math.min(target, from + batch);
      await insertSyntheticBatch(database.db, from, to, 500);
      bar.update(to - existing);
    }
    bar.done();
    console.log('Building the indexes...');
  };
  // Many ads go in faster without index upkeep, the indexes being built once afterwards.
  if (target - existing >= 100_000) await withAdIndexesDropped(database.db, insertAll);
  else await insertAll();
  // Statistics for the planner, and the visibility map that lets counts read indexes only (what
  // autovacuum would do a little later on a live database).
  console.log('Vacuuming and analyzing for the planner...');
  await database.db.execute('vacuum analyze ads');
  console.log(
    `Added ${(target - existing).toLocaleString('en-US')} ads in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}
