import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { evaluateRelevance, type RelevanceReport } from './evaluate';

// The judged query set as a floor a little under the budget (recall@24 0.95, MRR 0.8, no group
// under 0.85 recall): a change that loses relevance fails here. `npm run bench:relevance` reports it.
const FLOOR = { recall: 0.93, mrr: 0.78, groupRecall: 0.83 };

let ctx: TestContext;
let report: RelevanceReport;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createUser(ctx);
  report = await evaluateRelevance(ctx.database.db, ctx.services.storage, owner.id);
}, 240_000);
afterAll(() => ctx.close());

describe('judged query set', () => {
  it('covers at least 150 queries over at least 300 ads', () => {
    expect(report.queries).toBeGreaterThanOrEqual(150);
    expect(report.ads).toBeGreaterThanOrEqual(300);
  });

  it(`keeps recall@24 ≥ ${FLOOR.recall} and MRR ≥ ${FLOOR.mrr} overall`, () => {
    expect(report.overall.recall, JSON.stringify(report.worst, null, 1)).toBeGreaterThanOrEqual(FLOOR.recall);
    expect(report.overall.mrr, JSON.stringify(report.worst, null, 1)).toBeGreaterThanOrEqual(FLOOR.mrr);
  });

  it(`keeps every group's recall ≥ ${FLOOR.groupRecall}`, () => {
    for (const [group, score] of Object.entries(report.groups)) {
      expect(
        score.recall,
        `${group}: ${JSON.stringify(report.scores.filter((s) => s.group === group && s.recall < 1))}`,
      ).toBeGreaterThanOrEqual(FLOOR.groupRecall);
    }
  });
});
