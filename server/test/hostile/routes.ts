import fc from 'fast-check';
import {
  ACTION_MAX,
  ADDRESS_MAX,
  BARREL_LENGTH_MAX_MM,
  BRAND_MAX,
  CALIBER_MAX,
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LOCATION_MAX,
  MAX_IMAGES,
  MESSAGE_MAX,
  MODEL_MAX,
  NAME_MAX,
  PAGE_SIZE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  PRICE_MAX,
  REPORT_DETAILS_MAX,
  SEARCH_MAX,
  SUBCATEGORY_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from '../../../common/limits';
import {
  ADMIN_SEARCH_MAX,
  ASSIGNABLE_ROLES,
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
} from '../../../common/schemas/admin';
import { CATEGORIES, CONDITIONS, LANGUAGES, REPORT_REASONS, SORTS } from '../../../common/values';
import { AUTH_ENDPOINTS } from '../../auth/auth-routes';
import type { TestContext } from '../harness';
import {
  badCursor,
  badIdSegment,
  bodyWithFieldDefect,
  booleanField,
  brokenJson,
  coercedNumberField,
  deeplyNested,
  emailField,
  encodeSegment,
  enumField,
  type Field,
  fittedText,
  giantText,
  HTML_PAYLOADS,
  hostileText,
  type Kind,
  nonObjectJson,
  notAString,
  notAUuid,
  notInEnum,
  optionalIntField,
  optionalTextField,
  overlongIdSegment,
  privilegedExtras,
  SQL_PAYLOADS,
  secretField,
  type Tagged,
  textField,
  tooLongText,
  UNICODE_PAYLOADS,
  validBody,
  validRecord,
  wellFormed,
} from './arbitraries';

// ——— Requests ———

/** Who sends: nobody, somebody with a forged cookie, an ordinary user, the fixtures' owner, staff. */
export type Caller = 'visitor' | 'forged' | 'user' | 'owner' | 'moderator' | 'super';

export type FormPart =
  | { name: string; text: string }
  | { name: string; bytes: Uint8Array; filename: string; type: string };
export type Body =
  | { type: 'none' }
  | { type: 'json'; value: unknown }
  /** Text sent as it is; a null content type sends bytes with no Content-Type at all. */
  | { type: 'raw'; text: string; contentType: string | null }
  | { type: 'form'; parts: FormPart[] }
  /** A multipart upload of this many bytes, made when sent. */
  | { type: 'big-form'; bytes: number };

export type HostileRequest = {
  /** The served route ("METHOD /path") this request is aimed at, or "unlisted". */
  route: string;
  method: string;
  path: string;
  caller: Caller;
  body: Body;
  headers: Record<string, string>;
  /** Sends no Origin header (cross-site requests marked only by Sec-Fetch-Site). */
  omitOrigin: boolean;
  ip: string;
  /** Why the server must refuse it. */
  defects: Kind[];
  /** The one field at fault, which a validation message must name. */
  field?: string;
  extras: boolean;
};

type Draft = {
  method?: string;
  path: string;
  caller: Caller;
  body?: Body;
  headers?: Record<string, string>;
  omitOrigin?: boolean;
  defects: Kind[];
  field?: string;
  extras?: boolean;
};

// ——— Fixtures the generators aim at ———

export type Fixtures = {
  users: {
    owner: string;
    buyer: string;
    pool: string[];
    moderator: string;
    super: string;
    otherSuper: string;
    inactive: string;
  };
  ads: {
    approved: string;
    featured: string;
    pending: string;
    needsChanges: string;
    rejected: string;
    expired: string;
    /** Approved, with an open report. */
    reported: string;
  };
  conversation: string;
  /** Ids of other things (messages, reports, favorites): real, but never what a route names. */
  otherIds: string[];
  /** Every id in the database the generators must not hit by chance. */
  realIds: Set<string>;
  owner: { email: string; password: string; sessionToken: string };
  /** A valid small JPEG: only ever sent where something else makes the request refused. */
  photo: Uint8Array;
};

// ——— Callers, origins, addresses ———

const anyone = fc.constantFrom<Caller>('visitor', 'forged', 'user', 'owner', 'moderator', 'super');
const signedIn = fc.constantFrom<Caller>('user', 'owner', 'moderator', 'super');
const staff = fc.constantFrom<Caller>('moderator', 'super');
const nonStaff = fc.constantFrom<Caller>('user', 'owner');

/** Session cookies nobody was given: tampered signatures, junk, payloads, sizes and syntax. */
const forgedCookie = (f: Fixtures) =>
  fc.oneof(
    fc
      .constantFrom('A', 'B', '0', '%3D')
      .map((c) => `am.session_token=${f.owner.sessionToken.slice(0, -4)}${c.repeat(3)}x`),
    fc.stringMatching(/^[A-Za-z0-9._~-]{1,300}$/).map((value) => `am.session_token=${value}`),
    fc.constantFrom(
      "am.session_token=' OR 1=1 --",
      'am.session_token=<script>alert(1)</script>',
      'am.session_token=;;;',
      '=; am.session_token',
      'am.session_token="unterminated',
      `am.session_token=${'A'.repeat(8000)}`,
      'am.session_token=%00%ff%zz',
      'am.session_data=forged; am.session_token=x.y',
      `am.session_token=${f.owner.sessionToken.split('.')[0] ?? ''}`,
      'am.session_token=; am.session_token=; am.session_token=',
    ),
  );

/** A visitor, or somebody with a forged cookie; the defect says which. */
const unsignedCaller = (f: Fixtures) =>
  fc.oneof(
    fc.constant({
      caller: 'visitor' as Caller,
      headers: {} as Record<string, string>,
      defects: ['no-session'] as Kind[],
    }),
    forgedCookie(f).map((cookie) => ({
      caller: 'forged' as Caller,
      headers: { cookie },
      defects: ['forged-session'] as Kind[],
    })),
  );

/** A caller for requests whose defect lies elsewhere; forged callers get their cookie. */
const withCaller = (f: Fixtures, callers: fc.Arbitrary<Caller>) =>
  fc.tuple(callers, forgedCookie(f)).map(([caller, cookie]) => ({
    caller,
    headers: caller === 'forged' ? { cookie } : ({} as Record<string, string>),
  }));

/** What browsers send from another site: a foreign Origin, or only Sec-Fetch-Site. */
const foreignOrigin = fc.oneof(
  fc
    .constantFrom(
      'https://evil.example',
      'http://localhost:3000.evil.example',
      'null',
      'http://localhost:3001',
      'https://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:3000/',
      'HTTP://LOCALHOST:3000',
      'http://localhost',
    )
    .map((origin) => ({ headers: { origin }, omitOrigin: false })),
  fc
    .constantFrom('cross-site', 'same-site')
    .map((site) => ({ headers: { 'sec-fetch-site': site }, omitOrigin: true })),
);

/**
 * Mostly distinct addresses (unbiased: fast-check's bias repeats small numbers), so that rate limits
 * stay out of the way of validation; a few hostile ones.
 */
export const ipArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.noBias(fc.ipV4()) },
  { weight: 2, arbitrary: fc.noBias(fc.ipV6()) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom("' OR 1=1 --", '<script>', '198.51.100.1, 10.0.0.1', 'unknown', '::1', '999.999.1.1'),
        fc.noBias(fc.nat()),
      )
      // The number goes first: a proxy list counts as its first address.
      .map(([text, n]) => `${n} ${text}`),
  },
);

type Base = { path: string; body?: Body; extras?: boolean; method?: string };

/** The base request sent without a session (401 wherever a session is needed). */
const noSession = (f: Fixtures, base: fc.Arbitrary<Base>) =>
  fc.tuple(base, unsignedCaller(f)).map(([b, who]): Draft => ({ ...b, ...who }));

/** The base request sent from another site (403 before anything is read). */
const crossOrigin = (f: Fixtures, base: fc.Arbitrary<Base>, callers: fc.Arbitrary<Caller> = anyone) =>
  fc.tuple(base, withCaller(f, callers), foreignOrigin).map(
    ([b, who, origin]): Draft => ({
      ...b,
      caller: who.caller,
      headers: { ...who.headers, ...origin.headers },
      omitOrigin: origin.omitOrigin,
      defects: ['cross-origin'],
    }),
  );

/** The base request by somebody without the role the route needs (told it does not exist). */
const wrongRole = (base: fc.Arbitrary<Base>, callers: fc.Arbitrary<Caller>) =>
  fc.tuple(base, callers).map(([b, caller]): Draft => ({ ...b, caller, defects: ['wrong-role'] }));

// ——— JSON bodies ———

const CONTENT_TYPES_NOT_JSON = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'text/html; charset=utf-8',
] as const;

type JsonRoute = {
  fields: Field[];
  path: fc.Arbitrary<string>;
  callers: fc.Arbitrary<Caller>;
  /** Without a body the route acts: no variant may leave it out. */
  bodyOptional?: boolean;
};

/** An empty body is no body: where that is allowed, broken JSON must still be something. */
const notEmpty = (text: string) => text.trim() !== '';

/** Every way a JSON body goes wrong, at a path and caller that would otherwise be accepted. */
function jsonDefects(f: Fixtures, route: JsonRoute): fc.Arbitrary<Draft>[] {
  const extras = privilegedExtras({ someUserId: f.users.pool[0] ?? f.users.owner });
  const who = withCaller(f, route.callers);
  const fieldDefect = bodyWithFieldDefect(route.fields, extras);
  const textFields = route.fields.filter((field) => field.name !== 'imageIds');
  const bigField = fc.constantFrom(...textFields.map((field) => field.name));
  const contentTypes = route.bodyOptional
    ? fc.constantFrom<string | null>(...CONTENT_TYPES_NOT_JSON)
    : fc.constantFrom<string | null>(...CONTENT_TYPES_NOT_JSON, null);
  const oneFieldWrong = fc
    .tuple(route.path, who, fieldDefect)
    .map(([path, w, body]): Draft => ({ path, ...w, body: { type: 'json', value: body.value }, ...body }));
  return [
    // Twice: one wrong field is the richest family (every field, every way), so it gets a double share.
    oneFieldWrong,
    oneFieldWrong,
    fc.tuple(route.path, who, deeplyNested).map(
      ([path, w, text]): Draft => ({
        path,
        ...w,
        body: { type: 'raw', text, contentType: 'application/json' },
        defects: ['wrong-type'],
      }),
    ),
    fc
      .tuple(route.path, who, nonObjectJson)
      .map(
        ([path, w, value]): Draft => ({ path, ...w, body: { type: 'json', value }, defects: ['wrong-type'] }),
      ),
    fc
      .tuple(
        route.path,
        who,
        brokenJson(validRecord(route.fields)).filter((text) => !route.bodyOptional || notEmpty(text)),
      )
      .map(
        ([path, w, text]): Draft => ({
          path,
          ...w,
          body: { type: 'raw', text, contentType: 'application/json' },
          defects: ['bad-json'],
        }),
      ),
    fc.tuple(route.path, who, fieldDefect, contentTypes).map(
      ([path, w, body, contentType]): Draft => ({
        path,
        ...w,
        body: { type: 'raw', text: JSON.stringify(body.value), contentType },
        defects: ['wrong-content-type', ...body.defects],
        field: body.field,
        extras: body.extras,
      }),
    ),
    fc.tuple(route.path, who, validRecord(route.fields), bigField, giantText).map(
      ([path, w, record, name, giant]): Draft => ({
        path,
        ...w,
        body: { type: 'json', value: { ...record, [name]: giant } },
        defects: ['too-large', 'long-string'],
        field: name,
      }),
    ),
  ];
}

const valid = (f: Fixtures, fields: Field[]) =>
  validBody(fields, privilegedExtras({ someUserId: f.users.pool[0] ?? f.users.owner }));

const jsonBase = (f: Fixtures, path: fc.Arbitrary<string>, fields: Field[]): fc.Arbitrary<Base> =>
  fc
    .tuple(path, valid(f, fields))
    .map(([p, body]) => ({ path: p, body: { type: 'json', value: body.value }, extras: body.extras }));

// ——— Fields of the shared schemas (common/schemas) ———

const imageIdsField: Field = {
  name: 'imageIds',
  required: false,
  valid: fc.constant([]),
  invalid: fc.oneof(
    fc.constantFrom('abc', 5, {}, null, true, 'null').map((value): Tagged => ({ kind: 'wrong-type', value })),
    fc
      .array(notAUuid, { minLength: 1, maxLength: MAX_IMAGES })
      .map((value): Tagged => ({ kind: 'bad-id', value })),
    fc
      .uniqueArray(fc.uuid(), { minLength: MAX_IMAGES + 1, maxLength: MAX_IMAGES + 5 })
      .map((value): Tagged => ({ kind: 'out-of-range', value })),
    // Well-formed, but nobody uploaded them: refused by the command, inside its transaction.
    fc
      .uniqueArray(fc.uuid({ version: 4 }), { minLength: 1, maxLength: MAX_IMAGES })
      .map((value): Tagged => ({ kind: 'bad-id', value })),
    fc.uuid({ version: 4 }).map((id): Tagged => ({ kind: 'bad-id', value: [id, id] })),
  ),
};

const AD_FIELDS: Field[] = [
  textField('title', TITLE_MIN, TITLE_MAX),
  textField('description', DESCRIPTION_MIN, DESCRIPTION_MAX),
  enumField('category', CATEGORIES),
  optionalTextField('subcategory', SUBCATEGORY_MAX),
  enumField('condition', CONDITIONS),
  coercedNumberField('price', 0, PRICE_MAX),
  textField('location', 1, LOCATION_MAX),
  optionalTextField('brand', BRAND_MAX),
  optionalTextField('model', MODEL_MAX),
  optionalTextField('caliber', CALIBER_MAX),
  optionalTextField('action', ACTION_MAX),
  optionalIntField('barrelLength', BARREL_LENGTH_MAX_MM),
  optionalIntField('capacity', CAPACITY_MAX),
  imageIdsField,
];

const phoneField: Field = {
  name: 'phone',
  required: false,
  valid: fc.constantFrom('+40 721 234 567', '0721234567', '(021) 555-0101', '+40.21.555.01.01', null, ''),
  invalid: fc.oneof(
    fc
      .constantFrom(
        'abc',
        '12345',
        '+40 72a 123',
        '\u0660\u0667\u0662\u0661\u0662\u0663\u0664\u0665\u0666\u0667',
        '++40721234567',
        '0721-234-567 ext 5',
        '<script>alert(1)</script>',
        "0721' OR 1=1",
        '0721234567\u0000',
        '0721234567#',
      )
      .map((value): Tagged => ({ kind: 'bad-format', value })),
    fc
      .integer({ min: PHONE_MAX + 1, max: 200 })
      .map((n): Tagged => ({ kind: 'long-string', value: '1'.repeat(n) })),
    notAString({ nullable: true }).map((value): Tagged => ({ kind: 'wrong-type', value })),
  ),
};

const PROFILE_FIELDS: Field[] = [
  textField('firstName', 1, NAME_MAX),
  textField('lastName', 1, NAME_MAX),
  phoneField,
  optionalTextField('address', ADDRESS_MAX),
  enumField('locale', LANGUAGES, false),
];
const MESSAGE_FIELDS: Field[] = [textField('body', 1, MESSAGE_MAX)];
const REPORT_FIELDS: Field[] = [
  enumField('reason', REPORT_REASONS),
  optionalTextField('details', REPORT_DETAILS_MAX),
];
const REASON_FIELDS: Field[] = [textField('reason', MODERATION_REASON_MIN, MODERATION_REASON_MAX)];
const ROLE_FIELDS: Field[] = [enumField('role', ASSIGNABLE_ROLES)];
/** The deactivation reason is optional, but never null. */
const DEACTIVATION_FIELDS: Field[] = [
  {
    name: 'reason',
    required: false,
    valid: fittedText(0, MODERATION_REASON_MAX),
    invalid: fc.oneof(
      notAString().map((value): Tagged => ({ kind: 'wrong-type', value })),
      tooLongText(MODERATION_REASON_MAX).map((value): Tagged => ({ kind: 'long-string', value })),
    ),
  },
];

const passwordField = (name: string) => secretField(name, PASSWORD_MIN, PASSWORD_MAX);
const SIGN_UP_FIELDS: Field[] = [
  emailField(),
  passwordField('password'),
  textField('firstName', 1, NAME_MAX),
  textField('lastName', 1, NAME_MAX),
  enumField('locale', LANGUAGES, false),
];
const SIGN_IN_FIELDS: Field[] = [emailField(), passwordField('password'), booleanField('rememberMe')];
const EMAIL_FIELDS: Field[] = [emailField()];
const RESET_FIELDS: Field[] = [secretField('token', 1, 500), passwordField('newPassword')];
const CHANGE_PASSWORD_FIELDS: Field[] = [
  secretField('currentPassword', 1, PASSWORD_MAX),
  passwordField('newPassword'),
  booleanField('revokeOtherSessions'),
];
const PASSWORD_CONFIRM_FIELDS: Field[] = [secretField('password', 1, PASSWORD_MAX)];
const TOTP_FIELDS: Field[] = [
  {
    name: 'code',
    required: true,
    valid: fc.stringMatching(/^\d{6}$/),
    invalid: fc.oneof(
      fc
        .constantFrom(
          '12345',
          '1234567',
          'abcdef',
          '12 345',
          '\uFF11\uFF12\uFF13\uFF14\uFF15\uFF16',
          '\u0661\u0662\u0663\u0664\u0665\u0666',
          "000000' OR '1'='1",
          '',
          '      ',
          '12345\u0000',
        )
        .map((value): Tagged => ({ kind: 'bad-format', value })),
      hostileText
        .filter((text) => !/^\s*\d{6}\s*$/.test(text))
        .map((value): Tagged => ({ kind: 'bad-format', value })),
      fc
        .oneof(fc.integer({ min: 0, max: 999_999 }), notAString())
        .map((value): Tagged => ({ kind: 'wrong-type', value })),
    ),
  },
  booleanField('trustDevice'),
];
const BACKUP_CODE_FIELDS: Field[] = [textField('code', 4, 64), booleanField('trustDevice')];

// ——— Query strings ———

type Param = readonly [string, string];
const queryString = (params: readonly Param[]) =>
  params.length ? `?${params.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')}` : '';

/** Parameters nobody asked for: privileged names, payloads, array and object syntax. */
const noiseParams = (f: Fixtures) =>
  fc.subarray<Param>(
    [
      ['status', 'approved'],
      ['user_id', f.users.owner],
      ['userId', f.users.owner],
      ['featured', 'true'],
      ['role', 'admin.super'],
      ['minPrice', '5'],
      ['maxPrice', '1'],
      ['page', '-1'],
      ['offset', '99999999999'],
      ['__proto__[role]', 'admin'],
      ['x', SQL_PAYLOADS[2]],
      ['y', HTML_PAYLOADS[0]],
      ['z', UNICODE_PAYLOADS[4]],
    ],
    { maxLength: 4 },
  );

type QueryDefect = { params: Param[]; defects: Kind[] };

/** One parameter sent twice: the schema then sees a list and refuses it. */
const duplicated = (params: readonly Param[]) =>
  fc
    .constantFrom(...params)
    .map((param): QueryDefect => ({ params: [param, param], defects: ['bad-query'] }));

const badLimit = fc.oneof(
  fc.integer({ max: 0 }).map(String),
  fc.integer({ min: PAGE_SIZE_MAX + 1 }).map(String),
  fc.double({ min: 1, max: PAGE_SIZE_MAX, noInteger: true, noNaN: true }).map(String),
  fc.constantFrom(
    'abc',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '',
    '  ',
    '-0',
    '\u0663',
    '\uFF11',
    '5px',
    '1,2',
    'null',
    'true',
  ),
);

const browseDefects = fc.oneof(
  notInEnum(SORTS).map((v): QueryDefect => ({ params: [['sort', v]], defects: ['bad-enum', 'bad-query'] })),
  notInEnum(CATEGORIES).map(
    (v): QueryDefect => ({ params: [['category', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  notInEnum(CONDITIONS).map(
    (v): QueryDefect => ({ params: [['condition', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  badLimit.map((v): QueryDefect => ({ params: [['limit', v]], defects: ['out-of-range', 'bad-query'] })),
  tooLongText(SEARCH_MAX).map(
    (v): QueryDefect => ({ params: [['q', v]], defects: ['long-string', 'bad-query'] }),
  ),
  badCursor('browse', 200).map(
    ({ cursor, sort }): QueryDefect => ({
      params: sort
        ? [
            ['sort', sort],
            ['cursor', cursor],
          ]
        : [['cursor', cursor]],
      defects: ['bad-cursor', 'bad-query'],
    }),
  ),
  duplicated([
    ['sort', 'newest'],
    ['category', 'firearms'],
    ['condition', 'good'],
    ['limit', '10'],
    ['q', 'glock'],
    ['cursor', 'WyJuZXdlc3QiXQ'],
  ]),
);

const pageCursorDefects = (shape: 'page-uuid' | 'page-word') =>
  fc.oneof(
    badCursor(shape, 300).map(
      (c): QueryDefect => ({ params: [['cursor', c.cursor]], defects: ['bad-cursor', 'bad-query'] }),
    ),
    duplicated([['cursor', 'x']]),
  );

const reportsDefects = fc.oneof(
  pageCursorDefects('page-uuid'),
  notInEnum(['open', 'all']).map(
    (v): QueryDefect => ({ params: [['status', v]], defects: ['bad-enum', 'bad-query'] }),
  ),
  duplicated([['status', 'open']]),
);

const usersDefects = fc.oneof(
  pageCursorDefects('page-word'),
  tooLongText(ADMIN_SEARCH_MAX).map(
    (v): QueryDefect => ({ params: [['q', v]], defects: ['long-string', 'bad-query'] }),
  ),
  duplicated([['q', 'ion']]),
);

/** A list route's query with one defect among noise; the caller may read the list. */
const listQuery = (
  f: Fixtures,
  path: string,
  defects: fc.Arbitrary<QueryDefect>,
  callers: fc.Arbitrary<Caller>,
) =>
  fc
    .tuple(defects, noiseParams(f), withCaller(f, callers), fc.boolean())
    .map(([d, noise, who, noiseFirst]): Draft => {
      const params = noiseFirst ? [...noise, ...d.params] : [...d.params, ...noise];
      return { path: `${path}${queryString(params)}`, ...who, defects: d.defects, extras: noise.length > 0 };
    });

/** A query string that routes without inputs ignore: noise only, never a defect by itself. */
const ignoredQuery = (f: Fixtures) => noiseParams(f).map((params) => queryString(params));

// ——— Paths with ids ———

function ids(f: Fixtures) {
  const adIds = Object.values(f.ads);
  const userIds = [
    f.users.owner,
    f.users.buyer,
    f.users.moderator,
    f.users.super,
    f.users.otherSuper,
    f.users.inactive,
    ...f.users.pool,
  ];
  const realUuids = [...adIds, f.conversation, ...f.otherIds];
  return {
    /** Segments naming no ad. */
    ad: fc.oneof(
      {
        weight: 5,
        arbitrary: badIdSegment({
          realIds: f.realIds,
          realUuids,
          otherIds: [f.conversation, ...userIds, ...f.otherIds],
        }),
      },
      { weight: 1, arbitrary: overlongIdSegment },
    ),
    /** Segments naming no conversation. */
    conversation: fc.oneof(
      {
        weight: 5,
        arbitrary: badIdSegment({ realIds: f.realIds, realUuids, otherIds: [...adIds, ...userIds] }),
      },
      { weight: 1, arbitrary: overlongIdSegment },
    ),
    /** Segments naming no account. */
    user: fc.oneof(
      {
        weight: 5,
        arbitrary: badIdSegment({
          realIds: f.realIds,
          realUuids: userIds,
          otherIds: [...adIds, f.conversation],
        }),
      },
      { weight: 1, arbitrary: overlongIdSegment },
    ),
  };
}

const withId = (segment: fc.Arbitrary<string>, path: (id: string) => string) => segment.map(path);
const real = (...values: string[]) => fc.constantFrom(...values);

/** Requests naming ids that do not exist, sent by callers who would otherwise be allowed. */
const badIds = (
  f: Fixtures,
  segment: fc.Arbitrary<string>,
  path: (id: string) => string,
  callers: fc.Arbitrary<Caller>,
  body?: fc.Arbitrary<{ value: unknown; extras: boolean }>,
) =>
  fc.tuple(withId(segment, path), withCaller(f, callers), body ?? fc.constant(null)).map(
    ([p, who, b]): Draft => ({
      path: p,
      ...who,
      body: b ? { type: 'json', value: b.value } : undefined,
      extras: b?.extras ?? false,
      defects: ['bad-id'],
    }),
  );

/** Requests naming real things the caller may not act on, or not in this state (404, 403, 409). */
const badState = (
  f: Fixtures,
  path: fc.Arbitrary<string>,
  callers: fc.Arbitrary<Caller>,
  body?: fc.Arbitrary<{ value: unknown; extras: boolean }>,
) =>
  fc.tuple(path, withCaller(f, callers), body ?? fc.constant(null)).map(
    ([p, who, b]): Draft => ({
      path: p,
      ...who,
      body: b ? { type: 'json', value: b.value } : undefined,
      extras: b?.extras ?? false,
      defects: ['bad-state'],
    }),
  );

// ——— Routes that take no input ———

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** For a route without inputs: the path with junk after it, or with a method it does not serve. */
const wrongPathOrMethod = (f: Fixtures, path: string, callers: fc.Arbitrary<Caller> = anyone) => [
  fc
    .tuple(
      fc.oneof(
        hostileText
          .filter((text) => text.trim() !== '' && text !== '.' && text !== '..')
          .map((text) => `/${encodeSegment(text)}`),
        fc.constantFrom('/', '%00', '.json', 'z', '/..%2f..%2fetc%2fpasswd', '%20', '/x/y/z', '~', ';x=1'),
      ),
      withCaller(f, callers),
    )
    .map(([suffix, who]): Draft => ({ path: `${path}${suffix}`, ...who, defects: ['bad-path'] })),
  fc
    .tuple(
      fc.constantFrom(...METHODS_WITH_BODY, 'OPTIONS'),
      withCaller(f, callers),
      hostileText,
      ignoredQuery(f),
    )
    .map(
      ([method, who, text, query]): Draft => ({
        method,
        path: `${path}${query}`,
        ...who,
        body: method === 'OPTIONS' ? undefined : { type: 'json', value: { text, role: 'admin.super' } },
        defects: ['wrong-method'],
      }),
    ),
];

/** A signed-in route without inputs: the only way to get it wrong is to come without a session. */
const sessionOnly = (f: Fixtures, path: string) => [
  noSession(
    f,
    ignoredQuery(f).map((query) => ({ path: `${path}${query}` })),
  ),
];

// ——— Uploads ———

const bytes = (text: string) => new TextEncoder().encode(text);

function notImages(f: Fixtures): fc.Arbitrary<Uint8Array> {
  const photo = f.photo;
  return fc.oneof(
    hostileText.map((text) => bytes(text)),
    fc.constantFrom(
      bytes('<!doctype html><script>alert(document.cookie)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      bytes('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'),
      bytes('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000'),
      bytes('\u007fELF\u0002\u0001\u0001\u0000'),
      bytes('MZ\u0090\u0000\u0003\u0000\u0000\u0000'),
      bytes('<?php system($_GET["c"]); ?>'),
      bytes('{"file":"photo.jpg"}'),
      bytes('GIF89a\u0001\u0000\u0001\u0000'),
      bytes('RIFF\u0010\u0000\u0000\u0000WEBPVP8 garbage'),
      new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
      ]),
      new Uint8Array(0),
    ),
    // Truncated well before the end: a damaged image.
    fc.integer({ min: 2, max: Math.floor(photo.length / 2) }).map((end) => photo.slice(0, end)),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((noise) => {
      // Not an image signature, whatever the noise.
      const out = new Uint8Array(noise.length + 1);
      out[0] = 0x21;
      out.set(noise, 1);
      return out;
    }),
  );
}

const hostileFilename = fc.oneof(
  fc.constantFrom(
    'photo.jpg',
    '../../etc/passwd',
    '..\\..\\boot.ini',
    '<script>.jpg',
    "'; DROP TABLE ad_images; --.jpg",
    'a\u0000.jpg',
    '.htaccess',
  ),
  hostileText.map((text) => `${wellFormed(text).replace(/["\r\n]/g, '')}.jpg`),
);
const declaredType = fc.constantFrom(
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
  '',
);

function uploadVariants(f: Fixtures): fc.Arbitrary<Draft>[] {
  const photoForm: Body = {
    type: 'form',
    parts: [{ name: 'file', bytes: f.photo, filename: 'photo.jpg', type: 'image/jpeg' }],
  };
  const base = fc.constant<Base>({ path: '/api/uploads', body: photoForm });
  // Uploads are counted per user (60 an hour): the "user" caller takes turns among several accounts.
  const uploader = withCaller(f, fc.constant('user'));
  return [
    noSession(f, base),
    crossOrigin(f, base, signedIn),
    fc.tuple(uploader, notImages(f), hostileFilename, declaredType).map(
      ([who, file, filename, type]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'form', parts: [{ name: 'file', bytes: file, filename, type }] },
        defects: ['bad-file'],
      }),
    ),
    fc.tuple(uploader, notImages(f), hostileFilename).map(
      ([who, file, filename]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: {
          type: 'form',
          parts: [
            { name: 'file', bytes: file, filename, type: 'image/jpeg' },
            { name: 'userId', text: f.users.owner },
            { name: 'status', text: 'approved' },
          ],
        },
        defects: ['bad-file'],
        extras: true,
      }),
    ),
    fc.tuple(uploader, fc.constantFrom('image', 'files[]', 'File', 'photo', ''), hostileFilename).map(
      ([who, name, filename]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'form', parts: [{ name, bytes: f.photo, filename, type: 'image/jpeg' }] },
        defects: ['missing-field'],
        field: 'file',
      }),
    ),
    fc.tuple(uploader, hostileText).map(
      ([who, text]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'form', parts: [{ name: 'file', text }] },
        defects: ['wrong-type'],
        field: 'file',
      }),
    ),
    fc
      .tuple(
        uploader,
        fc.constantFrom('application/json', 'text/plain', 'application/xml', 'image/jpeg', null),
      )
      .map(
        ([who, contentType]): Draft => ({
          path: '/api/uploads',
          ...who,
          body: { type: 'raw', text: JSON.stringify({ file: 'photo.jpg' }), contentType },
          defects: ['wrong-content-type'],
        }),
      ),
    fc
      .tuple(
        uploader,
        fc.constantFrom('', '--x\r\nbroken', '------abc\r\nContent-Disposition: form-data; name="file"\r\n'),
      )
      .map(
        ([who, text]): Draft => ({
          path: '/api/uploads',
          ...who,
          body: { type: 'raw', text, contentType: 'multipart/form-data; boundary=----abc' },
          defects: ['bad-format'],
        }),
      ),
    fc.tuple(uploader, fc.integer({ min: 10 * 1024 * 1024 + 70 * 1024, max: 11 * 1024 * 1024 })).map(
      ([who, size]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'big-form', bytes: size },
        defects: ['too-large'],
      }),
    ),
  ];
}

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

// ——— Auth links ———

const foreignCallback = fc.constantFrom(
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  'http://localhost:3000.evil.example/auth/verified',
  '/auth/../../x',
  '',
  ' /auth/verified',
  'data:text/html,<script>alert(1)</script>',
);

const junkToken = fc.oneof(
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 80 }),
  fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS),
  fc
    .tuple(fc.base64String({ minLength: 8, maxLength: 40 }), fc.base64String({ minLength: 8, maxLength: 40 }))
    .map(([a, b]) => `eyJhbGciOiJIUzI1NiJ9.${a}.${b}`),
);

function verifyEmailVariants(f: Fixtures): fc.Arbitrary<Draft>[] {
  const path = '/api/auth/verify-email';
  const who = withCaller(f, anyone);
  const draft = (params: Param[], defects: Kind[], field?: string) =>
    fc.tuple(who, noiseParams(f)).map(
      ([w, noise]): Draft => ({
        path: `${path}${queryString([...params, ...noise])}`,
        ...w,
        defects,
        field,
        extras: noise.length > 0,
      }),
    );
  return [
    fc
      .constantFrom<Param[]>([], [['callbackURL', '/auth/verified']])
      .chain((params) => draft(params, ['missing-field'], 'token')),
    fc
      .integer({ min: 2001, max: 5000 })
      .chain((n) => draft([['token', 'e'.repeat(n)]], ['long-string'], 'token')),
    draft([['token', '']], ['out-of-range'], 'token'),
    fc.tuple(junkToken, foreignCallback).chain(([token, cb]) =>
      draft(
        [
          ['token', token],
          ['callbackURL', cb],
        ],
        ['bad-callback'],
        'callbackURL',
      ),
    ),
    // Without a callback, better-auth itself answers a bad token with 401 (with one, it redirects by design).
    junkToken.chain((token) => draft([['token', token]], ['bad-token'])),
    junkToken.chain((token) =>
      draft(
        [
          ['token', token],
          ['token', token],
        ],
        ['bad-query'],
      ),
    ),
    junkToken.chain((token) =>
      draft(
        [
          ['token', token],
          ['callbackURL', '/auth/verified'],
          ['callbackURL', 'https://evil.example'],
        ],
        ['bad-query', 'bad-callback'],
      ),
    ),
  ];
}

function resetLinkVariants(f: Fixtures): fc.Arbitrary<Draft>[] {
  const who = withCaller(f, anyone);
  const token = junkToken.map(encodeSegment);
  const draft = (params: Param[], defects: Kind[], field?: string) =>
    fc.tuple(who, token, noiseParams(f)).map(
      ([w, t, noise]): Draft => ({
        path: `/api/auth/reset-password/${t}${queryString([...params, ...noise])}`,
        ...w,
        defects,
        field,
        extras: noise.length > 0,
      }),
    );
  return [
    draft([], ['missing-field'], 'callbackURL'),
    foreignCallback.chain((cb) => draft([['callbackURL', cb]], ['bad-callback'], 'callbackURL')),
    draft(
      [
        ['callbackURL', '/auth/reset-password'],
        ['callbackURL', '//evil.example'],
      ],
      ['bad-query', 'bad-callback'],
    ),
  ];
}

// ——— The table: every served route, and how to get it wrong ———

export const GROUPS = ['account', 'ads', 'interactions', 'admin', 'auth'] as const;
export type Group = (typeof GROUPS)[number];
type RouteSpec = { group: Group; runs: number; variants: (f: Fixtures) => fc.Arbitrary<Draft>[] };

const adminAd = (action: string) => (id: string) => `/api/admin/ads/${id}/${action}`;
const adminUser = (action: string) => (id: string) => `/api/admin/users/${id}/${action}`;

/** An admin route on an ad: its 401, 404 (not staff), 403 (other site) and unknown-id cases. */
function adminAdAction(
  f: Fixtures,
  action: string,
  allowedFrom: string[],
  refusedFrom: string[],
  fields?: Field[],
) {
  const path = adminAd(action);
  const reasonBody = fields ? valid(f, fields) : undefined;
  const base = (adIds: string[]): fc.Arbitrary<Base> =>
    fc.tuple(real(...adIds), reasonBody ?? fc.constant(null)).map(([id, b]) => ({
      path: path(id),
      body: b ? { type: 'json', value: b.value } : undefined,
      extras: b?.extras ?? false,
    }));
  const variants: fc.Arbitrary<Draft>[] = [
    noSession(f, base(allowedFrom)),
    wrongRole(base(allowedFrom), nonStaff),
    crossOrigin(f, base(allowedFrom), staff),
    badIds(f, ids(f).ad, path, staff, reasonBody),
    badState(f, real(...refusedFrom).map(path), staff, reasonBody),
  ];
  if (fields)
    variants.push(...jsonDefects(f, { fields, path: real(...allowedFrom).map(path), callers: staff }));
  return variants;
}

export const ROUTES: Record<string, RouteSpec> = {
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

  // ——— Ads ———
  'GET /api/ads': {
    group: 'ads',
    runs: 500,
    variants: (f) => [listQuery(f, '/api/ads', browseDefects, anyone)],
  },
  'GET /api/ads/:id': {
    group: 'ads',
    runs: 300,
    variants: (f) => [
      badIds(f, ids(f).ad, (id) => `/api/ads/${id}`, anyone),
      badState(
        f,
        real(f.ads.pending, f.ads.needsChanges, f.ads.rejected, f.ads.expired).map((id) => `/api/ads/${id}`),
        fc.constantFrom<Caller>('visitor', 'forged', 'user'),
      ),
    ],
  },
  'POST /api/ads': {
    group: 'ads',
    runs: 600,
    variants: (f) => {
      const path = fc.constant('/api/ads');
      const base = jsonBase(f, path, AD_FIELDS);
      return [
        ...jsonDefects(f, { fields: AD_FIELDS, path, callers: fc.constantFrom('user', 'owner') }),
        noSession(f, base),
        crossOrigin(f, base),
      ];
    },
  },
  'PUT /api/ads/:id': {
    group: 'ads',
    runs: 600,
    variants: (f) => {
      const own = real(f.ads.approved, f.ads.needsChanges, f.ads.pending).map((id) => `/api/ads/${id}`);
      const base = jsonBase(f, own, AD_FIELDS);
      const body = valid(f, AD_FIELDS);
      return [
        ...jsonDefects(f, { fields: AD_FIELDS, path: own, callers: fc.constant('owner') }),
        badIds(f, ids(f).ad, (id) => `/api/ads/${id}`, fc.constantFrom('owner', 'user'), body),
        badState(f, own, fc.constantFrom('user', 'moderator', 'super'), body),
        noSession(f, base),
        crossOrigin(f, base, fc.constant('owner')),
      ];
    },
  },
  'DELETE /api/ads/:id': {
    group: 'ads',
    runs: 250,
    variants: (f) => {
      const own = real(...Object.values(f.ads)).map((id) => ({ path: `/api/ads/${id}` }));
      return [
        badIds(f, ids(f).ad, (id) => `/api/ads/${id}`, signedIn),
        badState(
          f,
          own.map((b) => b.path),
          fc.constant('user'),
        ),
        noSession(f, own),
        crossOrigin(f, own, fc.constantFrom('owner', 'moderator', 'super')),
      ];
    },
  },
  'GET /api/me/ads': { group: 'ads', runs: 120, variants: (f) => sessionOnly(f, '/api/me/ads') },
  'POST /api/uploads': { group: 'ads', runs: 300, variants: uploadVariants },

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

  // ——— Admin ———
  'GET /api/admin/queue': {
    group: 'admin',
    runs: 250,
    variants: (f) => [
      listQuery(f, '/api/admin/queue', pageCursorDefects('page-uuid'), staff),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/queue${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/queue' }), nonStaff),
    ],
  },
  'POST /api/admin/ads/:id/approve': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'approve',
        [f.ads.pending, f.ads.needsChanges],
        [f.ads.approved, f.ads.featured, f.ads.rejected, f.ads.expired],
      ),
  },
  'POST /api/admin/ads/:id/reject': {
    group: 'admin',
    runs: 300,
    variants: (f) =>
      adminAdAction(
        f,
        'reject',
        [f.ads.pending, f.ads.needsChanges, f.ads.approved],
        [f.ads.rejected, f.ads.expired],
        REASON_FIELDS,
      ),
  },
  'POST /api/admin/ads/:id/request-changes': {
    group: 'admin',
    runs: 300,
    variants: (f) =>
      adminAdAction(
        f,
        'request-changes',
        [f.ads.pending],
        [f.ads.approved, f.ads.needsChanges, f.ads.rejected, f.ads.expired],
        REASON_FIELDS,
      ),
  },
  'POST /api/admin/ads/:id/feature': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'feature',
        [f.ads.approved],
        [f.ads.featured, f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges],
      ),
  },
  'POST /api/admin/ads/:id/unfeature': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'unfeature',
        [f.ads.featured],
        [f.ads.approved, f.ads.pending, f.ads.rejected, f.ads.expired, f.ads.needsChanges],
      ),
  },
  'GET /api/admin/reports': {
    group: 'admin',
    runs: 250,
    variants: (f) => [
      listQuery(f, '/api/admin/reports', reportsDefects, staff),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/reports${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/reports?status=open' }), nonStaff),
    ],
  },
  'POST /api/admin/ads/:id/reports/dismiss': {
    group: 'admin',
    runs: 200,
    variants: (f) =>
      adminAdAction(
        f,
        'reports/dismiss',
        [f.ads.reported],
        [f.ads.approved, f.ads.pending, f.ads.rejected, f.ads.expired],
      ),
  },
  'POST /api/admin/ads/:id/take-down': {
    group: 'admin',
    runs: 300,
    variants: (f) =>
      adminAdAction(f, 'take-down', [f.ads.reported], [f.ads.expired, f.ads.rejected], REASON_FIELDS),
  },
  'GET /api/admin/users': {
    group: 'admin',
    runs: 250,
    variants: (f) => [
      listQuery(f, '/api/admin/users', usersDefects, staff),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/users${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/users?q=a' }), nonStaff),
    ],
  },
  'POST /api/admin/users/:id/deactivate': {
    group: 'admin',
    runs: 300,
    variants: (f) => {
      const path = adminUser('deactivate');
      const active = real(...f.users.pool).map(path);
      const base = jsonBase(f, active, DEACTIVATION_FIELDS);
      const body = valid(f, DEACTIVATION_FIELDS);
      return [
        ...jsonDefects(f, { fields: DEACTIVATION_FIELDS, path: active, callers: staff, bodyOptional: true }),
        badIds(f, ids(f).user, path, staff, body),
        badState(f, real(f.users.moderator).map(path), fc.constant('moderator'), body),
        badState(f, real(f.users.super).map(path), fc.constant('super'), body),
        badState(f, real(f.users.otherSuper, f.users.super).map(path), fc.constant('moderator'), body),
        badState(f, real(f.users.inactive).map(path), staff, body),
        noSession(f, base),
        wrongRole(base, nonStaff),
        crossOrigin(f, base, staff),
      ];
    },
  },
  'POST /api/admin/users/:id/reactivate': {
    group: 'admin',
    runs: 200,
    variants: (f) => {
      const path = adminUser('reactivate');
      const inactive = real(f.users.inactive).map((id) => ({ path: path(id) }));
      return [
        badIds(f, ids(f).user, path, staff),
        badState(f, real(...f.users.pool, f.users.owner).map(path), staff),
        badState(f, real(f.users.super, f.users.otherSuper).map(path), fc.constant('moderator')),
        noSession(f, inactive),
        wrongRole(inactive, nonStaff),
        crossOrigin(f, inactive, staff),
      ];
    },
  },
  'PUT /api/admin/users/:id/role': {
    group: 'admin',
    runs: 300,
    variants: (f) => {
      const path = adminUser('role');
      const users = real(...f.users.pool).map(path);
      const grant = fc.constant({ value: { role: 'admin.moderator' }, extras: false });
      const base = users.map(
        (p): Base => ({ path: p, body: { type: 'json', value: { role: 'admin.moderator' } } }),
      );
      return [
        ...jsonDefects(f, { fields: ROLE_FIELDS, path: users, callers: fc.constant('super') }),
        badIds(f, ids(f).user, path, staff, grant),
        // Only a super grants roles; nobody changes their own; a role a user already has is a 409.
        badState(f, users, fc.constant('moderator'), grant),
        badState(f, real(f.users.super).map(path), fc.constant('super'), grant),
        badState(f, users, fc.constant('super'), fc.constant({ value: { role: 'user' }, extras: false })),
        badState(f, real(f.users.moderator).map(path), fc.constant('super'), grant),
        noSession(f, base),
        wrongRole(base, nonStaff),
        crossOrigin(f, base, fc.constant('super')),
      ];
    },
  },
  'GET /api/admin/audit': {
    group: 'admin',
    runs: 200,
    variants: (f) => [
      listQuery(f, '/api/admin/audit', pageCursorDefects('page-uuid'), fc.constant('super')),
      noSession(
        f,
        ignoredQuery(f).map((q) => ({ path: `/api/admin/audit${q}` })),
      ),
      wrongRole(fc.constant({ path: '/api/admin/audit' }), fc.constantFrom('user', 'owner', 'moderator')),
    ],
  },

  // ——— better-auth behind the allowlist ———
  'GET /api/auth/get-session': {
    group: 'auth',
    runs: 120,
    variants: (f) => wrongPathOrMethod(f, '/api/auth/get-session'),
  },
  'GET /api/auth/verify-email': { group: 'auth', runs: 250, variants: verifyEmailVariants },
  'GET /api/auth/reset-password/:token': { group: 'auth', runs: 150, variants: resetLinkVariants },
  'POST /api/auth/sign-out': {
    group: 'auth',
    runs: 120,
    variants: (f) => [
      crossOrigin(f, fc.constant({ path: '/api/auth/sign-out', body: { type: 'json', value: {} } })),
    ],
  },
  ...authJsonRoute('/sign-up/email', SIGN_UP_FIELDS, { runs: 450, callers: anyone }),
  ...authJsonRoute('/sign-in/email', SIGN_IN_FIELDS, {
    runs: 400,
    callers: anyone,
    // From another site, even the right password must not sign anybody in.
    base: (f) =>
      fc.constant({
        path: '/api/auth/sign-in/email',
        body: { type: 'json', value: { email: f.owner.email, password: f.owner.password } },
      }),
  }),
  ...authJsonRoute('/send-verification-email', EMAIL_FIELDS, { runs: 200, callers: anyone }),
  ...authJsonRoute('/request-password-reset', EMAIL_FIELDS, {
    runs: 200,
    callers: anyone,
    base: (f) =>
      fc.constant({
        path: '/api/auth/request-password-reset',
        body: { type: 'json', value: { email: f.owner.email } },
      }),
  }),
  ...authJsonRoute('/reset-password', RESET_FIELDS, {
    runs: 250,
    callers: anyone,
    // A well-formed body with a token nobody was sent: better-auth's "invalid token".
    extra: (f, path) => [
      fc
        .tuple(
          fc.oneof(junkToken, fc.constantFrom('ab\u0000cd', '\u0000')),
          fittedText(PASSWORD_MIN, PASSWORD_MAX),
          withCaller(f, anyone),
        )
        .map(
          ([token, newPassword, who]): Draft => ({
            path,
            ...who,
            body: { type: 'json', value: { token, newPassword } },
            defects: ['bad-token'],
          }),
        ),
    ],
  }),
  ...authJsonRoute('/change-password', CHANGE_PASSWORD_FIELDS, {
    runs: 250,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/enable', PASSWORD_CONFIRM_FIELDS, {
    runs: 150,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/disable', PASSWORD_CONFIRM_FIELDS, {
    runs: 150,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/generate-backup-codes', PASSWORD_CONFIRM_FIELDS, {
    runs: 150,
    callers: signedIn,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/verify-totp', TOTP_FIELDS, {
    runs: 200,
    callers: anyone,
    sessionNeeded: true,
  }),
  ...authJsonRoute('/two-factor/verify-backup-code', BACKUP_CODE_FIELDS, {
    runs: 200,
    callers: anyone,
    sessionNeeded: true,
  }),
};

/** A better-auth endpoint with a JSON body checked by our schema first. */
function authJsonRoute(
  endpoint: string,
  fields: Field[],
  options: {
    runs: number;
    callers: fc.Arbitrary<Caller>;
    /** better-auth refuses visitors (401) even when the body is right. */
    sessionNeeded?: boolean;
    base?: (f: Fixtures) => fc.Arbitrary<Base>;
    /** Defects past our schema, which better-auth itself refuses. */
    extra?: (f: Fixtures, path: string) => fc.Arbitrary<Draft>[];
  },
): Record<string, RouteSpec> {
  const path = `/api/auth${endpoint}`;
  return {
    [`POST ${path}`]: {
      group: 'auth',
      runs: options.runs,
      variants: (f) => {
        const base = options.base?.(f) ?? jsonBase(f, fc.constant(path), fields);
        return [
          ...jsonDefects(f, { fields, path: fc.constant(path), callers: options.callers }),
          ...(options.sessionNeeded ? [noSession(f, base)] : []),
          crossOrigin(f, base),
          ...(options.extra?.(f, path) ?? []),
        ];
      },
    },
  };
}

/**
 * Endpoints nobody serves: better-auth's own (admin plugin, account changes) that the allowlist must
 * hide, and near misses of ours. Sent besides the routes, not counted for their coverage.
 */
export function unlistedRequests(f: Fixtures): fc.Arbitrary<Draft> {
  const someone = f.users.pool[0] ?? f.users.owner;
  const probes: Array<[string, string, unknown]> = [
    ['POST', '/api/auth/update-user', { name: 'x', role: 'admin.super', emailVerified: true }],
    ['POST', '/api/auth/admin/set-role', { userId: someone, role: 'admin.super' }],
    ['POST', '/api/auth/admin/impersonate-user', { userId: f.users.super }],
    ['GET', '/api/auth/admin/list-users', undefined],
    ['POST', '/api/auth/admin/ban-user', { userId: f.users.super }],
    ['POST', '/api/auth/admin/remove-user', { userId: f.users.super }],
    ['POST', '/api/auth/delete-user', {}],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/change-email', { newEmail: 'evil@example.ro' }],
    ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
    ['POST', '/api/auth/two-factor/get-totp-uri', { password: 'x' }],
    ['GET', '/api/auth/ok', undefined],
    ['GET', '/api/auth/error', undefined],
    ['POST', '/api/auth/sign-up/email/', { email: 'x@example.ro' }],
    ['GET', '/api/auth/reset-password', undefined],
    ['POST', `/api/admin/users/${someone}/delete`, {}],
    ['PUT', '/api/ads', {}],
    ['PATCH', `/api/ads/${f.ads.approved}`, { status: 'approved' }],
    ['DELETE', '/api/me', undefined],
    ['POST', '/api/me/role', { role: 'admin.super' }],
    ['PUT', '/api/me/profile', { firstName: 'A', lastName: 'B' }],
    ['GET', '/api/admin', undefined],
    ['POST', `/api/admin/ads/${f.ads.pending}/approve/`, {}],
    ['GET', '/api/ADS', undefined],
  ];
  return fc.tuple(fc.constantFrom(...probes), withCaller(f, anyone), ignoredQuery(f)).map(
    ([[method, path, value], who, query]): Draft => ({
      method,
      path: `${path}${query}`,
      ...who,
      body: value === undefined ? undefined : { type: 'json', value },
      defects: ['bad-path'],
    }),
  );
}

// ——— Discovery and sampling ———

/** Catch-alls and middleware under ALL; everything else the app serves must have generators above. */
const ALL_METHOD_PATHS = new Set(['/*', '/api/*', '/api/auth/*']);

/** "METHOD /path" of every route the app serves, read from the app itself (as the authorization matrix does). */
export function discoverRoutes(ctx: TestContext): string[] {
  const routes = new Set<string>();
  const served = new Set(ctx.app.routes.filter((route) => route.method !== 'ALL').map((route) => route.path));
  for (const route of ctx.app.routes) {
    if (route.method !== 'ALL') routes.add(`${route.method} ${route.path}`);
    // Middleware on a route's own path (the list cache in front of GET /api/ads) serves nothing by itself.
    else if (!ALL_METHOD_PATHS.has(route.path) && !served.has(route.path)) routes.add(`ALL ${route.path}`);
  }
  for (const endpoint of AUTH_ENDPOINTS) {
    const [method, path] = endpoint.split(' ');
    routes.add(`${method} /api/auth${path}`);
  }
  return [...routes].sort();
}

/** Samples `runs` hostile requests for a route, reproducibly from the seed. */
export function sampleRoute(route: string, f: Fixtures, seed: number, runs?: number): HostileRequest[] {
  const spec = ROUTES[route];
  if (!spec) throw new Error(`no generators for ${route}`);
  const [method = 'GET'] = route.split(' ');
  return sample(route, method, fc.oneof(...spec.variants(f)), seed, runs ?? spec.runs);
}

export function sampleUnlisted(f: Fixtures, seed: number, runs: number): HostileRequest[] {
  return sample('unlisted', 'GET', unlistedRequests(f), seed, runs);
}

function sample(route: string, method: string, drafts: fc.Arbitrary<Draft>, seed: number, runs: number) {
  const requests = fc.tuple(drafts, ipArbitrary).map(
    ([draft, ip]): HostileRequest => ({
      route,
      method: draft.method ?? method,
      path: draft.path,
      caller: draft.caller,
      body: draft.body ?? { type: 'none' },
      headers: draft.headers ?? {},
      omitOrigin: draft.omitOrigin ?? false,
      ip,
      defects: draft.defects,
      field: draft.field,
      extras: draft.extras ?? false,
    }),
  );
  return fc.sample(requests, { seed: seedFor(seed, route), numRuns: runs });
}

/** A seed per route from the run's seed, so one route's generators changing leaves the others' samples alone. */
function seedFor(seed: number, route: string): number {
  let hash = seed | 0;
  for (const char of route) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

// ——— Accepted requests carrying odd text ———

/** Things valid requests may act on, one per request (made by the test). */
export type Fresh = { pendingAds: string[]; reportedAds: string[]; activeUsers: string[] };

/** Valid text with NUL inserted somewhere: dropped or refused, but never a failed query. */
const withNulInside = (min: number, max: number) =>
  fc
    .tuple(fittedText(min, max), fc.nat(), fc.constantFrom('\u0000', '\u0000\u0000'))
    .map(([text, at, nul]) => {
      const chars = Array.from(text);
      chars.splice(at % (chars.length + 1), 0, nul);
      return chars.join('');
    });

/**
 * Valid requests whose stored or searched text carries NUL and odd Unicode. Not part of the refusal
 * property (they are accepted and change the database): each must be stored as text PostgreSQL can
 * hold, or refused with a 4xx, never answered with a 5xx.
 */
export function acceptedTextRequests(f: Fixtures, fresh: Fresh, seed: number): HostileRequest[] {
  const draw = <T>(arbitrary: fc.Arbitrary<T>, runs: number, salt: string) =>
    runs > 0 ? fc.sample(arbitrary, { seed: seedFor(seed, salt), numRuns: runs }) : [];
  const request = (route: string, draft: Omit<Draft, 'defects'>): HostileRequest => ({
    route,
    method: draft.method ?? route.split(' ')[0] ?? 'GET',
    path: draft.path,
    caller: draft.caller,
    body: draft.body ?? { type: 'none' },
    headers: {},
    omitOrigin: false,
    ip: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    defects: [],
    extras: draft.extras ?? false,
  });
  const json = (value: unknown): Body => ({ type: 'json', value });
  const reason = withNulInside(MODERATION_REASON_MIN, MODERATION_REASON_MAX);
  const profile = fc.record({
    firstName: withNulInside(1, NAME_MAX),
    lastName: withNulInside(1, NAME_MAX),
    address: withNulInside(0, ADDRESS_MAX),
    phone: phoneField.valid,
  });
  const adForm = fc
    .tuple(validRecord(AD_FIELDS), withNulInside(TITLE_MIN, TITLE_MAX - 2), withNulInside(1, 40))
    .map(([record, title, brand]) => ({ ...record, title, brand }));
  return [
    ...draw(profile, 30, 'profile').map((value) =>
      request('PATCH /api/me/profile', { path: '/api/me/profile', caller: 'user', body: json(value) }),
    ),
    ...draw(withNulInside(0, ADMIN_SEARCH_MAX), 30, 'users-q').map((q) =>
      request('GET /api/admin/users', {
        path: `/api/admin/users${queryString([['q', q]])}`,
        caller: 'moderator',
      }),
    ),
    ...draw(reason, fresh.pendingAds.length, 'reasons').map((text, i) => {
      const action = i % 2 === 0 ? 'reject' : 'request-changes';
      return request(`POST /api/admin/ads/:id/${action}`, {
        path: adminAd(action)(fresh.pendingAds[i] ?? ''),
        caller: 'moderator',
        body: json({ reason: text }),
      });
    }),
    ...draw(reason, fresh.reportedAds.length, 'take-down').map((text, i) =>
      request('POST /api/admin/ads/:id/take-down', {
        path: adminAd('take-down')(fresh.reportedAds[i] ?? ''),
        caller: 'super',
        body: json({ reason: text }),
      }),
    ),
    ...draw(reason, fresh.activeUsers.length, 'deactivate').map((text, i) =>
      request('POST /api/admin/users/:id/deactivate', {
        path: adminUser('deactivate')(fresh.activeUsers[i] ?? ''),
        caller: 'super',
        body: json({ reason: text }),
      }),
    ),
    ...draw(fc.tuple(withNulInside(1, NAME_MAX), withNulInside(1, NAME_MAX)), 8, 'sign-up').map(
      ([first, last], i) =>
        request('POST /api/auth/sign-up/email', {
          path: '/api/auth/sign-up/email',
          caller: 'visitor',
          body: json({
            email: `accepted-${i}-${seed}@example.ro`,
            password: 'correct-horse-battery',
            firstName: first,
            lastName: last,
          }),
        }),
    ),
    ...draw(adForm, 10, 'ads').map((value) =>
      request('POST /api/ads', { path: '/api/ads', caller: 'user', body: json(value) }),
    ),
    ...draw(withNulInside(1, MESSAGE_MAX - 2), 10, 'messages').map((body) =>
      request('POST /api/ads/:id/messages', {
        path: `/api/ads/${f.ads.approved}/messages`,
        caller: 'user',
        body: json({ body }),
      }),
    ),
    ...draw(withNulInside(1, REPORT_DETAILS_MAX - 2), 10, 'reports').map((details) =>
      request('POST /api/ads/:id/reports', {
        path: `/api/ads/${f.ads.featured}/reports`,
        caller: 'visitor',
        body: json({ reason: 'other', details }),
      }),
    ),
  ];
}
