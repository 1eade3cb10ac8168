// What one virtual user does: lands on the home page, signs in, then browses, searches and opens ads,
// now and then writes to a seller or posts an ad, with think time between steps, the way the web app
// calls the API (same paths, query strings and headers).

import { COUNTY_CODES } from '../../common/counties';
import { HOME_LATEST, PAGE_SIZE } from '../../common/limits';
import type { AdPage, UploadResult } from '../../common/schemas/ads';
import { CATEGORIES, CONDITIONS } from '../../common/values';
import { COMMON_WORD, RARE_WORD } from '../../server/seed/synthetic';
// The query strings the web app sends, from the web app's own code.
import { type BrowseFilters, DEFAULT_FILTERS, toApiSearch } from '../../web/features/listings/browse-filters';
import type { Recorder } from './http';
import { VirtualBrowser } from './http';
import type { Account } from './setup';

/**
 * Weights of the next step (percent). Reading dominates, as on any classifieds site; writing to a
 * seller is occasional and posting rare. With 0.5–2 s of thinking a user takes ~45 steps a minute:
 * ~1.4 messages (limit 30 per 10 min) and one post every ~4 minutes (uploads: 60 per hour).
 */
export const WEIGHTS = {
  home: 12,
  browse: 30,
  search: 20,
  detail: 34.5,
  message: 3,
  post: 0.5,
} as const;
type Step = keyof typeof WEIGHTS;

/** Think time between steps, uniform: a glance at a list or a card, not a long read. */
export const THINK_MS = { min: 500, max: 2000 } as const;
/** The top bar polls the unread counter this often while signed in (web/lib/unread.ts). */
export const UNREAD_POLL_MS = 30_000;
/** Share of users who sign out and back in once during the run (another device, an expired tab). */
export const RESIGN_IN_SHARE = 0.25;

/**
 * What a well-behaved person stays under, kept a little below the server's limits so a user never
 * meets a 429: messages (server: 30 per 10 min), uploads (60 per hour), sign-ins (10 per 15 min).
 * A step that would pass its allowance becomes an ad detail instead.
 */
const ALLOWANCES = {
  messages: { max: 25, windowMs: 10 * 60_000 },
  uploads: { max: 50, windowMs: 60 * 60_000 },
  signIns: { max: 8, windowMs: 15 * 60_000 },
} as const;
/** Ads each user talks about: new conversations stay far below the server's 30 a day. */
export const ADS_TALKED_ABOUT = 3;

/** Words people type, from the synthetic catalogue's vocabulary (server/seed/synthetic.ts). */
const SEARCHES = [
  'glock',
  'glock 19',
  'carabină',
  COMMON_WORD,
  'pușcă',
  'pusca vanatoare',
  'lunetă zeiss',
  'luneta',
  'beretta',
  'cz shadow',
  'sako 85',
  'tikka t3x',
  'browning b525',
  'benelli',
  'remington 870',
  'swarovski',
  'walther ppq',
  'sig sauer',
  'revolver',
  'binoclu',
  'red dot',
  'seif',
  'bipod',
  '9x19',
  '.308',
  '12/76',
  '.22 lr',
  '6.5 creedmoor',
  'vânătoare',
  'cutie originală',
  'trăgaci reglat',
  'brașov',
  'cluj',
  RARE_WORD,
  'glo',
  'carab',
  'swaro',
];
const MESSAGES = [
  'Bună ziua, mai este disponibil?',
  'Se poate vedea în weekend? Sunt din apropiere.',
  'Care este prețul final? Mulțumesc.',
  'Are acte în regulă? Transferul se face prin armurier?',
  'Îmi puteți trimite mai multe detalii despre stare?',
];
export const POSTS = [
  // A weapon is posted with its legal category and the seller's declaration, as the form sends it
  // (without them the server refuses it, and the run could never meet its zero-error budget).
  {
    title: 'Carabină CZ 457, .22 LR',
    category: 'long-guns',
    brand: 'CZ',
    model: '457',
    caliber: '.22 LR',
    legalCategory: 'authorisation',
    declaration: true,
  },
  {
    title: 'Pistol Walther PPQ M2, 9x19',
    category: 'firearms',
    brand: 'Walther',
    model: 'PPQ',
    caliber: '9x19',
    legalCategory: 'authorisation',
    declaration: true,
  },
  { title: 'Lunetă Leupold VX-3HD 4.5-14x40', category: 'optics', brand: 'Leupold', model: 'VX-3HD' },
  { title: 'Bipod Harris pentru carabină', category: 'accessories', brand: 'Harris', model: 'S-BRM' },
];
/** The body the post-ad form sends for one of POSTS, drawn with the user's own `pick`. */
export function postAdBody(pick: <T>(values: readonly T[]) => T, rand: () => number, imageId: string) {
  const item = pick(POSTS);
  return {
    ...item,
    description: `${item.title}, stare foarte bună, folosit puțin. Predare personală sau prin armurier.`,
    condition: pick(CONDITIONS),
    price: String(500 + Math.floor(rand() * 15_000)),
    location: pick(CITIES),
    county: pick(COUNTY_CODES),
    subcategory: '',
    action: '',
    imageIds: [imageId],
  };
}

const CITIES = ['București', 'Cluj-Napoca', 'Timișoara', 'Iași', 'Brașov', 'Sibiu', 'Craiova', 'Arad'];

export type World = {
  base: string;
  origin: string;
  recorder: Recorder;
  /** performance.now() at which every user stops. */
  deadline: number;
  photo: Buffer;
};

export type Plan = {
  account: Account;
  ip: string;
  /** Users arrive spread over the ramp-up rather than all in the same millisecond. */
  startDelayMs: number;
  /** performance.now() of a sign-out and sign-in again, or null. */
  resignInAt: number | null;
  talkAbout: string[];
  seed: number;
};

/** mulberry32: a small seeded generator, so a user's sequence of choices is the same every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Allowance {
  private readonly times: number[] = [];
  constructor(private readonly rule: { max: number; windowMs: number }) {}
  allows(now: number) {
    while (this.times.length && this.times[0]! <= now - this.rule.windowMs) this.times.shift();
    return this.times.length < this.rule.max;
  }
  use(now: number) {
    this.times.push(now);
  }
}

export async function runVirtualUser(world: World, plan: Plan): Promise<void> {
  const rand = random(plan.seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;
  const browser = new VirtualBrowser(world.base, world.origin, plan.ip, world.recorder);
  const allowances = {
    messages: new Allowance(ALLOWANCES.messages),
    uploads: new Allowance(ALLOWANCES.uploads),
    signIns: new Allowance(ALLOWANCES.signIns),
  };
  const over = () => performance.now() >= world.deadline;
  let seen: string[] = [];
  let lastList: { step: 'browse' | 'search'; filters: BrowseFilters; cursor: string | null } | null = null;
  let nextPollAt = Number.POSITIVE_INFINITY;
  let resignInAt = plan.resignInAt;

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Thinking; the open tab's unread poll fires during it when due, as it would in the browser. */
  const think = async () => {
    let left = THINK_MS.min + rand() * (THINK_MS.max - THINK_MS.min);
    while (left > 0 && !over()) {
      const untilPoll = nextPollAt - performance.now();
      if (untilPoll > left) {
        await pause(Math.min(left, world.deadline - performance.now()));
        return;
      }
      const wait = Math.max(0, untilPoll);
      await pause(wait);
      left -= wait;
      nextPollAt += UNREAD_POLL_MS;
      if (browser.signedIn && !over()) await browser.get('unread', '/api/me/unread');
    }
  };

  const remember = (page: AdPage | null) => {
    if (page?.items.length) seen = page.items.map((item) => item.id);
    return page;
  };

  const signIn = async () => {
    allowances.signIns.use(performance.now());
    const res = await browser.signIn('sign-in', '/api/auth/sign-in/email', {
      json: { email: plan.account.email, password: plan.account.password },
    });
    if (!res.ok) return;
    // The app re-reads the session, then starts the top bar's unread counter.
    await browser.get('me', '/api/me');
    await browser.get('unread', '/api/me/unread');
    nextPollAt = performance.now() + UNREAD_POLL_MS;
  };

  const home = async () => {
    remember((await browser.get<AdPage>('home', `/api/ads?limit=${HOME_LATEST}`)).body);
  };

  const list = async (step: 'browse' | 'search') => {
    // Scrolling on: the next page of the list just shown, through its cursor.
    if (lastList?.step === step && lastList.cursor && rand() < 0.35) {
      const page = remember(
        (
          await browser.get<AdPage>(
            step,
            `/api/ads?${toApiSearch(lastList.filters, lastList.cursor, PAGE_SIZE)}`,
          )
        ).body,
      );
      lastList.cursor = page?.nextCursor ?? null;
      return;
    }
    const roll = rand();
    const filters: BrowseFilters = {
      ...DEFAULT_FILTERS,
      q: step === 'search' ? pick(SEARCHES) : '',
      category: rand() < (step === 'search' ? 0.25 : 0.7) ? pick(CATEGORIES) : '',
      condition: rand() < (step === 'search' ? 0.1 : 0.25) ? pick(CONDITIONS) : '',
      sort: roll < 0.6 ? 'newest' : roll < 0.85 ? 'price-asc' : 'price-desc',
    };
    const page = remember(
      (await browser.get<AdPage>(step, `/api/ads?${toApiSearch(filters, null, PAGE_SIZE)}`)).body,
    );
    lastList = { step, filters, cursor: page?.nextCursor ?? null };
  };

  const detail = async (id?: string) => {
    if (!id && seen.length === 0) await home();
    const target = id ?? (seen.length ? pick(seen) : null);
    if (target) await browser.get('detail', `/api/ads/${target}`);
  };

  /** On an ad page: read it, write to the seller (the first message opens the conversation). */
  const message = async () => {
    const adId = pick(plan.talkAbout);
    await detail(adId);
    if (over()) return;
    await think();
    if (over()) return;
    allowances.messages.use(performance.now());
    await browser.post('message', `/api/ads/${adId}/messages`, {
      json: { attestation: true, body: pick(MESSAGES) },
    });
  };

  /** The post-ad form: the photo is uploaded as soon as it is chosen, the form is sent after. */
  const post = async () => {
    allowances.uploads.use(performance.now());
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(world.photo)], { type: 'image/jpeg' }), 'foto.jpg');
    const uploaded = await browser.post<UploadResult>('upload', '/api/uploads', { form });
    if (!uploaded.body || over()) return;
    await think();
    if (over()) return;
    await browser.post('post-ad', '/api/ads', { json: postAdBody(pick, rand, uploaded.body.id) });
  };

  const steps = Object.entries(WEIGHTS) as Array<[Step, number]>;
  const totalWeight = steps.reduce((sum, [, weight]) => sum + weight, 0);
  const nextStep = (): Step => {
    let roll = rand() * totalWeight;
    for (const [step, weight] of steps) {
      roll -= weight;
      if (roll < 0) return step;
    }
    return 'detail';
  };

  await pause(plan.startDelayMs);
  if (over()) return;
  await home();
  await think();
  if (over()) return;
  await signIn();

  while (!over()) {
    await think();
    if (over()) break;
    const now = performance.now();
    if (resignInAt !== null && now >= resignInAt && allowances.signIns.allows(now)) {
      resignInAt = null;
      nextPollAt = Number.POSITIVE_INFINITY;
      await browser.post('sign-out', '/api/auth/sign-out', { json: {} });
      await think();
      if (!over()) await signIn();
      continue;
    }
    let step = nextStep();
    if (!browser.signedIn && (step === 'message' || step === 'post')) step = 'detail';
    if (step === 'message' && !allowances.messages.allows(now)) step = 'detail';
    if (step === 'post' && !allowances.uploads.allows(now)) step = 'detail';
    if (step === 'home') await home();
    else if (step === 'browse' || step === 'search') await list(step);
    else if (step === 'detail') await detail();
    else if (step === 'message') await message();
    else await post();
  }
}
