import fc from 'fast-check';
import { PASSWORD_MAX } from '../../../common/limits';
import { type Field, notAString, secretField, tag, textField } from './arbitraries';
import { crossOrigin, noSession, signedIn, withCaller } from './callers';
import { badIds, ids } from './id-paths';
import { jsonBase, jsonDefects } from './json-bodies';
import type { Draft } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly, wrongPathOrMethod } from './routes-without-input';

// Issue 31: the legal pages' data, the acceptance of new terms, the data export and the deletion.

const ACCEPT_FIELDS: Field[] = [textField('termsVersion', 1, 40), textField('privacyVersion', 1, 40)];

/** A two-factor code: six digits (or a backup code's letters and dashes), optional. */
const codeField: Field = {
  name: 'code',
  required: false,
  valid: fc.constant('123456'),
  invalid: fc.oneof(
    tag('bad-format', fc.constantFrom('12', 'abc de', '12345<script>', '!!!!!!', '1'.repeat(21))),
    tag('wrong-type', notAString()),
  ),
};
// The password typed to confirm is taken as it is (it may predate the rule on control characters).
const DELETE_FIELDS: Field[] = [secretField('password', 1, PASSWORD_MAX, true, 'taken'), codeField];

export const LEGAL_ROUTES: Record<string, RouteSpec> = {
  'GET /api/legal': { group: 'account', runs: 100, variants: (f) => wrongPathOrMethod(f, '/api/legal') },
  'GET /api/me/legal': { group: 'account', runs: 100, variants: (f) => sessionOnly(f, '/api/me/legal') },
  'POST /api/me/legal/accept': {
    group: 'account',
    runs: 250,
    variants: (f) => {
      const path = fc.constant('/api/me/legal/accept');
      const base = jsonBase(f, path, ACCEPT_FIELDS);
      return [
        ...jsonDefects(f, { fields: ACCEPT_FIELDS, path, callers: signedIn }),
        noSession(f, base),
        crossOrigin(f, base, signedIn),
      ];
    },
  },
  'GET /api/me/data-exports': {
    group: 'account',
    runs: 100,
    variants: (f) => sessionOnly(f, '/api/me/data-exports'),
  },
  'POST /api/me/data-exports': {
    group: 'account',
    runs: 100,
    variants: (f) => {
      const base = fc.constant({ method: 'POST', path: '/api/me/data-exports' });
      return [noSession(f, base), crossOrigin(f, base, signedIn)];
    },
  },
  'GET /api/me/data-exports/:id/download': {
    group: 'account',
    runs: 120,
    variants: (f) => {
      const path = (id: string) => `/api/me/data-exports/${id}/download`;
      return [
        badIds(f, ids(f).user, path, signedIn),
        fc
          .tuple(fc.uuid(), withCaller(f, signedIn))
          .map(([id, who]): Draft => ({ path: path(id), ...who, defects: ['bad-id'] })),
      ];
    },
  },
  'POST /api/me/delete-account': {
    group: 'account',
    runs: 300,
    variants: (f) => {
      const path = fc.constant('/api/me/delete-account');
      const base = jsonBase(f, path, DELETE_FIELDS);
      return [
        ...jsonDefects(f, { fields: DELETE_FIELDS, path, callers: signedIn }),
        noSession(f, base),
        crossOrigin(f, base, signedIn),
      ];
    },
  },
};
