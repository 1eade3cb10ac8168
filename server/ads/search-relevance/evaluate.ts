import { browseQuerySchema } from '../../../common/schemas/ads';
import type { Database } from '../../db/client';
import { ads } from '../../db/schema/ads';
import type { Storage } from '../../storage/storage';
import { findAds } from '../find-ads';
import { SEARCH_VERSION, searchFields } from '../search-document';
import { IndexedSearch } from '../search-index/index-sync';
import { refreshSearchVocabulary } from '../search-vocabulary';
import { type FixtureAd, fixtureCatalogue } from './catalogue';
import { JUDGED_QUERIES, type JudgedQuery } from './judged-queries';

/** How many results a buyer looks at: recall is counted in the first page. */
export const RESULTS_SEEN = 24;

export type QueryScore = {
  group: string;
  q: string;
  wanted: number;
  found: number;
  recall: number;
  reciprocalRank: number;
  corrected: string | null;
  missed: string[];
};

/** Writes the catalogue as approved ads of one owner, with the search fields the app would make. */
export async function seedCatalogue(db: Database, ownerId: string): Promise<Map<string, FixtureAd>> {
  const catalogue = fixtureCatalogue();
  const byId = new Map<string, FixtureAd>();
  const base = Date.parse('2026-03-01T08:00:00.000Z');
  for (const [index, ad] of catalogue.entries()) {
    const own = {
      title: ad.title,
      description: ad.description,
      brand: ad.brand,
      model: ad.model,
      caliber: ad.caliber,
    };
    const [row] = await db
      .insert(ads)
      .values({
        ...own,
        ...searchFields(own),
        searchVersion: SEARCH_VERSION,
        userId: ownerId,
        category: ad.category,
        condition: 'good',
        price: 1000 + index,
        location: ad.location,
        county: ad.county,
        status: 'approved',
        createdAt: new Date(base + index * 3_600_000),
      })
      .returning({ id: ads.id });
    byId.set(row!.id, ad);
  }
  await refreshSearchVocabulary(db);
  return byId;
}

export async function scoreQuery(
  db: Database,
  storage: Storage,
  catalogue: Map<string, FixtureAd>,
  judged: JudgedQuery,
  search?: IndexedSearch,
): Promise<QueryScore> {
  const wanted = new Set([...catalogue].filter(([, ad]) => judged.want(ad)).map(([id]) => id));
  const page = await findAds(
    db,
    storage,
    browseQuerySchema.parse({ q: judged.q, limit: RESULTS_SEEN }),
    search,
  );
  const ids = page.items.map((item) => item.id);
  const foundWanted = ids.filter((id) => wanted.has(id)).length;
  const firstHit = ids.findIndex((id) => wanted.has(id));
  const none = wanted.size === 0;
  return {
    group: judged.group,
    q: judged.q,
    wanted: wanted.size,
    found: ids.length,
    recall: none ? (ids.length === 0 ? 1 : 0) : foundWanted / Math.min(wanted.size, RESULTS_SEEN),
    reciprocalRank: none ? (ids.length === 0 ? 1 : 0) : firstHit < 0 ? 0 : 1 / (firstHit + 1),
    corrected: page.correction?.to ?? null,
    missed: [...wanted]
      .filter((id) => !ids.includes(id))
      .slice(0, 3)
      .map((id) => catalogue.get(id)!.title),
  };
}

export type RelevanceReport = {
  queries: number;
  ads: number;
  overall: { recall: number; mrr: number };
  groups: Record<string, { queries: number; recall: number; mrr: number }>;
  worst: QueryScore[];
  scores: QueryScore[];
};

const mean = (values: number[]) =>
  Math.round((values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)) * 1000) / 1000;

export async function evaluateRelevance(
  db: Database,
  storage: Storage,
  ownerId: string,
): Promise<RelevanceReport> {
  const catalogue = await seedCatalogue(db, ownerId);
  // Judged as buyers meet search: through the in-memory index the API answers from.
  const search = new IndexedSearch(db);
  await search.load();
  const scores: QueryScore[] = [];
  for (const judged of JUDGED_QUERIES) scores.push(await scoreQuery(db, storage, catalogue, judged, search));
  const groups: RelevanceReport['groups'] = {};
  for (const group of new Set(scores.map((s) => s.group))) {
    const of = scores.filter((s) => s.group === group);
    groups[group] = {
      queries: of.length,
      recall: mean(of.map((s) => s.recall)),
      mrr: mean(of.map((s) => s.reciprocalRank)),
    };
  }
  return {
    queries: scores.length,
    ads: catalogue.size,
    overall: { recall: mean(scores.map((s) => s.recall)), mrr: mean(scores.map((s) => s.reciprocalRank)) },
    groups,
    worst: [...scores]
      .sort((a, b) => a.recall + a.reciprocalRank - (b.recall + b.reciprocalRank))
      .slice(0, 10),
    scores,
  };
}
