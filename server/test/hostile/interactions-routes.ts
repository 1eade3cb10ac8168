import fc from 'fast-check';
import { overlongIdSegment } from './arbitraries';
import { anyone, crossOrigin, noSession, signedIn, withCaller } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import type { Draft } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly } from './routes-without-input';
import { MESSAGE_FIELDS, REPORT_FIELDS } from './schema-fields';

export const INTERACTIONS_ROUTES: Record<string, RouteSpec> = {
  // ——— Messages, favorites, reports ———
  'POST /api/ads/:id/messages': {
    group: 'interactions',
    runs: 350,
    variants: (f) => {
      const path = (id: string) => `/api/ads/${id}/messages`;
      const listed = real(f.ads.approved, f.ads.featured).map(path);
      const base = jsonBase(f, listed, MESSAGE_FIELDS);
      const body = valid(f, MESSAGE_FIELDS);
      return [
        ...jsonDefects(f, { fields: MESSAGE_FIELDS, path: listed, callers: fc.constant('user') }),
        badIds(f, ids(f).ad, path, signedIn, body),
        badState(f, listed, fc.constant('owner'), body),
        badState(
          f,
          real(f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges).map(path),
          signedIn,
          body,
        ),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('user')),
      ];
    },
  },
  'GET /api/ads/:id/conversation': {
    group: 'interactions',
    runs: 150,
    variants: (f) => {
      const path = (id: string) => `/api/ads/${id}/conversation`;
      return [
        badIds(f, ids(f).ad, path, signedIn),
        // Not the owner, not staff: an ad whose page they may not see is not there.
        badState(
          f,
          real(f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges).map(path),
          fc.constant('user'),
        ),
        noSession(
          f,
          real(f.ads.approved, f.ads.featured).map((id) => ({ path: path(id) })),
        ),
      ];
    },
  },
  'GET /api/conversations': {
    group: 'interactions',
    runs: 120,
    variants: (f) => sessionOnly(f, '/api/conversations'),
  },
  'GET /api/conversations/:id': {
    group: 'interactions',
    runs: 200,
    variants: (f) => {
      const path = (id: string) => `/api/conversations/${id}`;
      return [
        badIds(f, ids(f).conversation, path, signedIn),
        badState(f, real(f.conversation).map(path), fc.constantFrom('user', 'moderator', 'super')),
        noSession(
          f,
          real(f.conversation).map((id) => ({ path: path(id) })),
        ),
      ];
    },
  },
  'POST /api/conversations/:id/messages': {
    group: 'interactions',
    runs: 300,
    variants: (f) => {
      const path = (id: string) => `/api/conversations/${id}/messages`;
      const mine = real(f.conversation).map(path);
      const base = jsonBase(f, mine, MESSAGE_FIELDS);
      const body = valid(f, MESSAGE_FIELDS);
      return [
        ...jsonDefects(f, { fields: MESSAGE_FIELDS, path: mine, callers: fc.constant('owner') }),
        badIds(f, ids(f).conversation, path, signedIn, body),
        badState(f, mine, fc.constantFrom('user', 'moderator', 'super'), body),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
  'POST /api/conversations/:id/read': {
    group: 'interactions',
    runs: 200,
    variants: (f) => {
      const path = (id: string) => `/api/conversations/${id}/read`;
      const mine = real(f.conversation).map((id) => ({ path: path(id) }));
      return [
        badIds(f, ids(f).conversation, path, signedIn),
        badState(
          f,
          mine.map((b) => b.path),
          fc.constantFrom('user', 'moderator', 'super'),
        ),
        noSession(f, mine),
        crossOrigin(f, mine, fc.constant('owner')),
      ];
    },
  },
  'GET /api/me/unread': {
    group: 'interactions',
    runs: 120,
    variants: (f) => sessionOnly(f, '/api/me/unread'),
  },
  'GET /api/me/favorites': {
    group: 'interactions',
    runs: 120,
    variants: (f) => sessionOnly(f, '/api/me/favorites'),
  },
  'GET /api/me/favorites/ids': {
    group: 'interactions',
    runs: 120,
    variants: (f) => sessionOnly(f, '/api/me/favorites/ids'),
  },
  'PUT /api/me/favorites/:adId': {
    group: 'interactions',
    runs: 250,
    variants: (f) => {
      const path = (id: string) => `/api/me/favorites/${id}`;
      const listed = real(f.ads.approved, f.ads.featured).map((id) => ({ path: path(id) }));
      return [
        badIds(f, ids(f).ad, path, signedIn),
        badState(
          f,
          real(f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges).map(path),
          signedIn,
        ),
        noSession(f, listed),
        crossOrigin(f, listed, signedIn),
      ];
    },
  },
  'DELETE /api/me/favorites/:adId': {
    group: 'interactions',
    runs: 200,
    // Forgetting an ad never saved is fine (204): only ids too long to be any id are refused.
    variants: (f) => {
      const path = (id: string) => `/api/me/favorites/${id}`;
      const saved = real(f.ads.approved).map((id) => ({ path: path(id) }));
      return [
        fc
          .tuple(overlongIdSegment, withCaller(f, signedIn))
          .map(([id, who]): Draft => ({ path: path(id), ...who, defects: ['bad-id', 'long-string'] })),
        noSession(f, saved),
        crossOrigin(f, saved, signedIn),
      ];
    },
  },
  'POST /api/ads/:id/reports': {
    group: 'interactions',
    runs: 400,
    variants: (f) => {
      const path = (id: string) => `/api/ads/${id}/reports`;
      const listed = real(f.ads.approved, f.ads.featured).map(path);
      const base = jsonBase(f, listed, REPORT_FIELDS);
      const body = valid(f, REPORT_FIELDS);
      return [
        ...jsonDefects(f, { fields: REPORT_FIELDS, path: listed, callers: anyone }),
        badIds(f, ids(f).ad, path, anyone, body),
        badState(f, listed, fc.constant('owner'), body),
        badState(
          f,
          real(f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges).map(path),
          anyone,
          body,
        ),
        crossOrigin(f, base),
      ];
    },
  },
};
