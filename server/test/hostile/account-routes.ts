import fc from 'fast-check';
import { encodeSegment, hostileText } from './arbitraries';
import { anyone, crossOrigin, noSession, signedIn, withCaller } from './callers';
import { badIds, ids } from './id-paths';
import { jsonBase, jsonDefects } from './json-bodies';
import type { Draft } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly, wrongPathOrMethod } from './routes-without-input';
import { PROFILE_FIELDS } from './schema-fields';

// ——— Sitemap keys: "<epoch ms>~<uuid>", or start/end ———

const badSitemapKey = fc.oneof(
  fc.constantFrom('1~x', '~', '-1~00000000-0000-0000-0000-000000000000', '%27%20or%201=1', '1e99~a', 'end~'),
  hostileText.filter((text) => !['', '.', '..', 'start', 'end'].includes(text)).map(encodeSegment),
);

/** A seller file key the route refuses: anything but 'start' and a user id's characters. */
const badSellerKey = badSitemapKey.filter((key) => {
  let decoded = key;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    // Malformed escapes stay as sent.
  }
  return !/^[A-Za-z0-9_-]{1,64}$/.test(decoded);
});

// ——— Media ———

const badMediaKey = fc.oneof(
  fc.constantFrom(
    '%2e%2e/%2e%2e/etc/passwd',
    '..%2f..%2f..%2fetc%2fpasswd',
    '%2e%2e%5c%2e%2e%5cwindows%5cwin.ini',
    'ads/.tmp/card.webp',
    '.hidden',
    'ads//card.webp',
    'ads/%00/card.webp',
    'ads/x/card.webp%00.png',
    'ads\\x\\card.webp',
    '',
    'ads/',
  ),
  fc
    .tuple(
      fc.stringMatching(/^[A-Za-z0-9]{8,32}$/),
      fc.stringMatching(/^[0-9]{13}-[0-9a-f]{16}$/),
      fc.constantFrom('card.webp', 'large.jpg', 'x'),
    )
    .map(([user, key, file]) => `ads/${user}/${key}/${file}`),
  hostileText.filter((text) => text !== '.' && text !== '..').map(encodeSegment),
  fc.integer({ min: 513, max: 2000 }).map((n) => 'a'.repeat(n)),
);

export const ACCOUNT_ROUTES: Record<string, RouteSpec> = {
  // ——— Public and account ———
  'GET /api/health': { group: 'account', runs: 120, variants: (f) => wrongPathOrMethod(f, '/api/health') },
  'GET /api/openapi.json': {
    group: 'account',
    runs: 120,
    variants: (f) => wrongPathOrMethod(f, '/api/openapi.json'),
  },
  'GET /media/*': {
    group: 'account',
    runs: 150,
    variants: (f) => [
      fc
        .tuple(badMediaKey, withCaller(f, anyone))
        .map(([key, who]): Draft => ({ path: `/media/${key}`, ...who, defects: ['bad-path'] })),
    ],
  },
  'GET /api/me': { group: 'account', runs: 120, variants: (f) => sessionOnly(f, '/api/me') },
  'GET /api/viewer': { group: 'account', runs: 120, variants: (f) => wrongPathOrMethod(f, '/api/viewer') },
  // ——— Crawlers' files ———
  'GET /robots.txt': { group: 'account', runs: 100, variants: (f) => wrongPathOrMethod(f, '/robots.txt') },
  // Only METRICS_TOKEN opens it (unset here): every session and visitor is refused.
  'GET /metrics': { group: 'account', runs: 100, variants: (f) => wrongPathOrMethod(f, '/metrics') },
  'GET /sitemap.xml': { group: 'account', runs: 100, variants: (f) => wrongPathOrMethod(f, '/sitemap.xml') },
  'GET /sitemaps/pages.xml': {
    group: 'account',
    runs: 100,
    variants: (f) => wrongPathOrMethod(f, '/sitemaps/pages.xml'),
  },
  'GET /sitemaps/ads/:from/:file{.+\\.xml}': {
    group: 'account',
    runs: 120,
    variants: (f) => [
      fc
        .tuple(badSitemapKey, fc.constantFrom('start', 'end'), fc.boolean(), withCaller(f, anyone))
        .map(([bad, good, badFirst, who]): Draft => {
          const [from, to] = badFirst ? [bad, good] : [good, bad];
          return { path: `/sitemaps/ads/${from}/${to}.xml`, ...who, defects: ['bad-path'] };
        }),
    ],
  },
  'GET /sitemaps/sellers/:file{.+\\.xml}': {
    group: 'account',
    runs: 100,
    variants: (f) => [
      fc
        .tuple(badSellerKey, withCaller(f, anyone))
        .map(
          ([bad, who]): Draft => ({ path: `/sitemaps/sellers/${bad}.xml`, ...who, defects: ['bad-path'] }),
        ),
    ],
  },
  'PATCH /api/me/profile': {
    group: 'account',
    runs: 450,
    variants: (f) => {
      const path = fc.constant('/api/me/profile');
      const base = jsonBase(f, path, PROFILE_FIELDS);
      return [
        ...jsonDefects(f, { fields: PROFILE_FIELDS, path, callers: signedIn }),
        noSession(f, base),
        crossOrigin(f, base, signedIn),
      ];
    },
  },
  'GET /api/me/overview': {
    group: 'account',
    runs: 120,
    variants: (f) => sessionOnly(f, '/api/me/overview'),
  },
  // The account's sessions (issue 26).
  'GET /api/me/sessions': {
    group: 'account',
    runs: 120,
    variants: (f) => sessionOnly(f, '/api/me/sessions'),
  },
  'DELETE /api/me/sessions/:id': {
    group: 'account',
    runs: 150,
    variants: (f) => {
      const path = (id: string) => `/api/me/sessions/${id}`;
      const base = ids(f).user.map((id) => ({ method: 'DELETE', path: path(id) }));
      return [badIds(f, ids(f).user, path, signedIn), noSession(f, base), crossOrigin(f, base, signedIn)];
    },
  },
  'POST /api/me/sessions/end-others': {
    group: 'account',
    runs: 100,
    variants: (f) => {
      const base = fc.constant({ method: 'POST', path: '/api/me/sessions/end-others' });
      return [noSession(f, base), crossOrigin(f, base, signedIn)];
    },
  },
};
