import fc from 'fast-check';
import { DEALER_AUTHORISATION_MAX, DEALER_NAME_MAX } from '../../../common/schemas/dealers';
import { type Field, hostileText, notAString, tag, textField } from './arbitraries';
import { crossOrigin, noSession, wrongRole } from './callers';
import { badIds, badState, ids, real } from './id-paths';
import { jsonBase, jsonDefects, valid } from './json-bodies';
import { ignoredQuery, listQuery, pageCursorDefects } from './query-strings';
import type { Draft, Fixtures } from './request-types';
import type { RouteSpec } from './route-spec';
import { sessionOnly } from './routes-without-input';
import { REASON_FIELDS } from './schema-fields';

/** Real CUIs (check digit right), and ones the check digit or the shape refuses. */
const cuiField: Field = {
  name: 'cui',
  required: true,
  valid: fc.constantFrom('14399840', 'RO18547290', 'RO 1590082'),
  invalid: fc.oneof(
    tag('wrong-type', notAString({ nullable: false })),
    tag('bad-format', fc.constantFrom('18547291', '14399841', '0', 'RO', '12345678901', 'CUI 14399840')),
    tag(
      'bad-format',
      hostileText.filter((text) => !/^\s*(RO)?[\d\s.-]+$/i.test(text)),
    ),
    tag('long-string', fc.constant('1'.repeat(21))),
    // Digits the check would take once the rest is dropped: only the control check refuses them.
    tag('control-char', fc.constantFrom('14399840\u0000', '1439\n9840', 'RO\t18547290', '14399840\n')),
  ),
};

const APPLICATION_FIELDS: Field[] = [
  textField('businessName', 2, DEALER_NAME_MAX),
  cuiField,
  textField('authorisationNumber', 2, DEALER_AUTHORISATION_MAX),
];

const superOnly = fc.constant<'super'>('super');
const notSuper = fc.constantFrom<'user' | 'owner' | 'moderator'>('user', 'owner', 'moderator');
const decisionPath = (action: string) => (id: string) => `/api/admin/dealers/${id}/${action}`;

/**
 * A decision on an application: refused without a session, for anyone but a super, from another
 * site, for unknown ids, and on an application not open to it (409). `open` names the applications
 * the decision would be accepted on: only defective bodies are sent there.
 */
function decisionVariants(
  f: Fixtures,
  action: 'approve' | 'refuse' | 'withdraw',
  open: string,
  closed: string[],
): fc.Arbitrary<Draft>[] {
  const path = decisionPath(action);
  const fields = action === 'approve' ? undefined : REASON_FIELDS;
  const body = fields ? valid(f, fields) : undefined;
  const base = fields
    ? jsonBase(f, real(open).map(path), fields)
    : real(open).map((p) => ({ path: path(p) }));
  return [
    noSession(f, base),
    wrongRole(base, notSuper),
    crossOrigin(f, base, superOnly),
    badIds(f, ids(f).ad, path, superOnly, body),
    badState(f, real(...closed).map(path), superOnly, body),
    ...(fields ? jsonDefects(f, { fields, path: real(open).map(path), callers: superOnly }) : []),
  ];
}

export const DEALERS_ROUTES: Record<string, RouteSpec> = {
  'GET /api/me/dealer': {
    group: 'account',
    runs: 100,
    variants: (f) => sessionOnly(f, '/api/me/dealer'),
  },
  'POST /api/me/dealer': {
    group: 'account',
    runs: 300,
    variants: (f) => {
      const path = fc.constant('/api/me/dealer');
      const base = jsonBase(f, path, APPLICATION_FIELDS);
      return [
        ...jsonDefects(f, { fields: APPLICATION_FIELDS, path, callers: fc.constant('user') }),
        // The owner's application is pending: a second one is a 409.
        badState(f, path, fc.constant('owner'), valid(f, APPLICATION_FIELDS)),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('user')),
      ];
    },
  },
  'GET /api/admin/dealers': {
    group: 'admin',
    runs: 200,
    variants: (f) => [
      listQuery(f, '/api/admin/dealers', pageCursorDefects('page-uuid'), superOnly),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/dealers${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/dealers' }), fc.constantFrom('user', 'owner', 'moderator')),
    ],
  },
  'POST /api/admin/dealers/:id/approve': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      // The pending application is only named by callers who are refused, or with a bad id.
      decisionVariants(f, 'approve', f.dealerApplications.pending, [f.dealerApplications.refused]),
  },
  'POST /api/admin/dealers/:id/refuse': {
    group: 'admin',
    runs: 250,
    variants: (f) =>
      decisionVariants(f, 'refuse', f.dealerApplications.pending, [f.dealerApplications.refused]),
  },
  'POST /api/admin/dealers/:id/withdraw': {
    group: 'admin',
    runs: 250,
    variants: (f) =>
      decisionVariants(f, 'withdraw', f.dealerApplications.pending, [
        f.dealerApplications.pending,
        f.dealerApplications.refused,
      ]),
  },
};
