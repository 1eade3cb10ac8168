// npm run bench:relevance — the judged query set (server/ads/search-relevance/) over its fixed
// catalogue on the embedded database: recall in the first 24 results and MRR, overall and per group,
// the ten worst queries; JSON in bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { evaluateRelevance } from '../server/ads/search-relevance/evaluate';
import { openDatabase } from '../server/db/client';
import { createLocalDiskStorage } from '../server/storage/local-disk-storage';

const BUDGET = { recall: 0.95, mrr: 0.8, groupRecall: 0.85 };

const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
await database.db.execute(
  sql`insert into "user" (id, name, email, email_verified, role) values ('judge', 'Judge', 'judge@example.ro', true, 'user')`,
);
await database.db.execute(
  sql`insert into profiles (id, first_name, last_name, locale) values ('judge', 'Judge', 'Judge', 'ro')`,
);
const storage = createLocalDiskStorage({
  rootDir: path.join(os.tmpdir(), 'bench-relevance'),
  publicBaseUrl: '/media',
});
const started = Date.now();
const report = await evaluateRelevance(database.db, storage, 'judge');
await database.close();

const budgets = {
  recall: report.overall.recall >= BUDGET.recall,
  mrr: report.overall.mrr >= BUDGET.mrr,
  everyGroupRecall: Object.values(report.groups).every((g) => g.recall >= BUDGET.groupRecall),
};
console.log(
  `${report.queries} judged queries over ${report.ads} ads in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`overall  recall@24 ${report.overall.recall}  MRR ${report.overall.mrr}`);
for (const [group, g] of Object.entries(report.groups)) {
  console.log(
    `${group.padEnd(22)} ${String(g.queries).padStart(3)} queries  recall@24 ${g.recall}  MRR ${g.mrr}`,
  );
}
console.log('\nTen worst:');
for (const s of report.worst) {
  console.log(
    `  [${s.group}] "${s.q}" recall ${s.recall.toFixed(2)} RR ${s.reciprocalRank.toFixed(2)} found ${s.found}/${s.wanted}${s.corrected ? ` (searched "${s.corrected}")` : ''}${s.missed.length ? ` missed e.g. ${s.missed.join(' | ')}` : ''}`,
  );
}
const at = new Date().toISOString();
mkdirSync('bench/results', { recursive: true });
const file = path.join('bench/results', `relevance-${at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify({ at, budget: BUDGET, budgets, ...report }, null, 2)}\n`);
console.log(`Budgets: ${JSON.stringify(budgets)}\nWrote ${file}`);
