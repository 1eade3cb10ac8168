import { CALIBERS } from '../../common/calibers';
import { COUNTIES } from '../../common/counties';
import { ACTIONS, CATEGORIES, CONDITIONS } from '../../common/values';
import { PRODUCTS } from '../../server/seed/catalog';

/**
 * The browse benchmark's work: thousands of distinct list URLs drawn, from a seed, the way buyers
 * make them. Each URL belongs to a class, which is what the report breaks latency down by.
 */
export type WorkItem = { cls: string; query: Record<string, string> };

/** mulberry32: small, fast and good enough to draw a workload that a seed replays exactly. */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)]!;
  return { next, int, pick };
}

type Random = ReturnType<typeof randomFrom>;

const NOUNS = [
  'pistol',
  'carabina',
  'pusca',
  'luneta',
  'revolver',
  'binoclu',
  'red dot',
  'termoviziune',
  'arma',
  'seif',
  'toc',
  'bipod',
  'incarcator',
  'amortizor',
  'pusti',
  'carabine',
  'lunete',
];
const DESCRIPTION_WORDS = [
  'vanatoare',
  'mistret',
  'tir',
  'armurier',
  'garantie',
  'cutie originala',
  'negociabil',
  'upgrade',
];

const lower = (text: string) => text.toLowerCase();
const caliberName = (rng: Random) =>
  lower(rng.pick(rng.pick(CALIBERS.filter((c) => c.kind !== 'air')).names));
const brand = (rng: Random) => lower(rng.pick(PRODUCTS).brand);
const product = (rng: Random) => rng.pick(PRODUCTS);
const model = (rng: Random) => {
  const p = product(rng);
  return { brand: lower(p.brand), model: lower(rng.pick(p.models).split(' ').slice(0, 2).join(' ')) };
};
const city = (rng: Random) => lower(rng.pick(COUNTIES).seat);

function priceRange(rng: Random): Record<string, string> {
  const bounds = [500, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000];
  const low = rng.int(bounds.length - 1);
  const high = low + 1 + rng.int(bounds.length - low - 1);
  const kind = rng.int(3);
  if (kind === 0) return { priceMin: String(bounds[low]) };
  if (kind === 1) return { priceMax: String(bounds[high]) };
  return { priceMin: String(bounds[low]), priceMax: String(bounds[high]) };
}

const FILTERS: Record<string, (rng: Random) => Record<string, string>> = {
  county: (rng) => ({ county: rng.pick(COUNTIES).code }),
  price: priceRange,
  caliber: (rng) => ({ caliber: rng.pick(CALIBERS).id }),
  action: (rng) => ({ action: rng.pick(ACTIONS) }),
  brand: (rng) => ({ brand: rng.pick(PRODUCTS).brand }),
  category: (rng) => ({ category: rng.pick(CATEGORIES) }),
  condition: (rng) => ({ condition: rng.pick(CONDITIONS) }),
};
const FILTER_NAMES = Object.keys(FILTERS);

function text(rng: Random): { cls: string; q: string } {
  const roll = rng.next();
  if (roll < 0.14) return { cls: 'text: brand', q: brand(rng) };
  if (roll < 0.34) {
    const m = model(rng);
    return { cls: 'text: brand + model', q: `${m.brand} ${m.model}` };
  }
  if (roll < 0.44) return { cls: 'text: noun', q: rng.pick(NOUNS) };
  if (roll < 0.54) return { cls: 'text: caliber', q: caliberName(rng) };
  if (roll < 0.62) return { cls: 'text: noun + brand', q: `${rng.pick(NOUNS)} ${brand(rng)}` };
  if (roll < 0.7) return { cls: 'text: noun + city', q: `${rng.pick(NOUNS)} ${city(rng)}` };
  if (roll < 0.78) {
    const m = model(rng);
    return { cls: 'text: brand + model + caliber', q: `${m.brand} ${m.model} ${caliberName(rng)}` };
  }
  if (roll < 0.84)
    return { cls: 'text: description words', q: `${rng.pick(NOUNS)} ${rng.pick(DESCRIPTION_WORDS)}` };
  const word = rng.pick([brand(rng), rng.pick(NOUNS), model(rng).model]).replace(/\s.*/, '');
  return { cls: 'text: typing prefix', q: word.slice(0, 2 + rng.int(Math.max(1, word.length - 2))) };
}

const SORTS_WITH_TEXT = ['relevance', 'relevance', 'relevance', 'newest', 'price-asc', 'price-desc'];
const SORTS_WITHOUT = ['newest', 'newest', 'newest', 'price-asc', 'price-desc'];

/** One URL's query. Cursors for deep pages are added later, by walking pages (see bench-browse.ts). */
export function drawItem(rng: Random): WorkItem {
  const roll = rng.next();
  if (roll < 0.45) {
    const t = text(rng);
    const query: Record<string, string> = { q: t.q };
    const filtered = rng.next() < 0.35;
    if (filtered) Object.assign(query, rng.pick(Object.values(FILTERS))(rng));
    const sort = rng.pick(SORTS_WITH_TEXT);
    if (sort !== 'relevance') query.sort = sort;
    return { cls: filtered ? 'text + filter' : t.cls, query };
  }
  if (roll < 0.75) {
    const name = rng.pick(FILTER_NAMES);
    const query = { ...FILTERS[name]!(rng) };
    const sort = rng.pick(SORTS_WITHOUT);
    if (sort !== 'newest') Object.assign(query, { sort });
    return { cls: `filter: ${name}`, query };
  }
  if (roll < 0.92) {
    const count = 2 + rng.int(2);
    const names = new Set<string>();
    while (names.size < count) names.add(rng.pick(FILTER_NAMES));
    const query: Record<string, string> = {};
    for (const name of names) Object.assign(query, FILTERS[name]!(rng));
    const sort = rng.pick(SORTS_WITHOUT);
    if (sort !== 'newest') query.sort = sort;
    return { cls: 'filters combined', query };
  }
  const sort = rng.pick(SORTS_WITHOUT);
  return { cls: 'no filter', query: sort === 'newest' ? {} : { sort } };
}

/** At least `count` distinct URLs (the same query drawn twice is kept once). */
export function drawWorkload(seed: number, count: number): WorkItem[] {
  const rng = randomFrom(seed);
  const seen = new Map<string, WorkItem>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) {
    const item = drawItem(rng);
    const key = new URLSearchParams(Object.entries(item.query).sort()).toString();
    if (!seen.has(key)) seen.set(key, item);
  }
  return [...seen.values()];
}
