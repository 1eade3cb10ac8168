import fc from 'fast-check';

/**
 * The building blocks of the hostile-input suite: payloads (noise that must never matter), and for
 * every kind of field the values a schema accepts and the values it is bound to refuse.
 */

export const DEFECT_KINDS = [
  'wrong-type',
  'missing-field',
  'long-string',
  'out-of-range',
  'bad-enum',
  'bad-format',
  'control-char',
  'bad-id',
  'bad-cursor',
  'bad-query',
  'bad-json',
  'wrong-content-type',
  'too-large',
  'bad-file',
  'bad-token',
  'bad-callback',
  'bad-state',
  'bad-path',
  'wrong-method',
  'no-session',
  'forged-session',
  'wrong-role',
  'cross-origin',
] as const;
export const NOISE_KINDS = ['extra-fields', 'sql', 'html', 'unicode'] as const;
export type Kind = (typeof DEFECT_KINDS)[number] | (typeof NOISE_KINDS)[number];

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE ads; --",
  '"; DROP TABLE "user"; --',
  '1; SELECT pg_sleep(5); --',
  '\') UNION SELECT id, email, role FROM "user" --',
  "%' AND 1=0 UNION SELECT NULL, NULL --",
  "admin'--",
  "1' AND (SELECT COUNT(*) FROM session) > 0 --",
  '$$; DELETE FROM rate_limits; $$ --',
  "\\'; TRUNCATE audit_log; --",
  "' || (SELECT string_agg(email, ',') FROM \"user\") || '",
  "'; UPDATE \"user\" SET role='admin.super'; --",
  "x' AND extractvalue(1, concat(0x7e, version())) --",
  "'; COPY (SELECT '') TO PROGRAM 'id'; --",
  "1' OR 1=1 LIMIT 1 OFFSET 0 --",
] as const;

export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"><svg/onload=alert(1)>',
  "javascript:alert('x')",
  '<iframe src="https://evil.example/"></iframe>',
  '</textarea><b onmouseover=alert(1)>x</b>',
  '<a href="javascript:void(0)">click</a>',
  '&#x3C;script&#x3E;alert(1)&#x3C;/script&#x3E;',
  '<style>*{display:none}</style>',
  '<!--#exec cmd="id"-->',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<details open ontoggle=alert(1)>',
] as const;

export const UNICODE_PAYLOADS = [
  '\u202Egnp.exe',
  'a\u200Bb\u200Cc\u200Dd\uFEFFe',
  'Z\u0337\u0322\u0353\u0314a\u0336\u031Bl\u0338\u0356g\u0335\u0331o\u0336',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}\u{1F52B}\u{1F1F7}\u{1F1F4}',
  'lone \uD800 surrogate',
  'x\uDFFFy',
  'nul\u0000byte',
  '\u0001\u0002\u001B[31mred\u001B[0m',
  'line\u2028para\u2029',
  'non\uFFFEchar\uFFFF',
  '\u{1D54F}\u{1D538}\u{1D544}\u{1D538}\u211D\u{1D542}\u{1D53C}\u{1D54B}',
  '\uFF33\uFF25\uFF2C\uFF25\uFF23\uFF34',
  '\u0130\u0131\u00DF\u1E9E\u01C5',
  'e\u0301\u0301\u0301\u0301',
  '\u0627\u0644\u0639\u0631\u0628\u064A\u0629 \u05E2\u05D1\u05E8\u05D9\u05EA',
  '\u6771\u4EAC\u90FD\u3067\u58F2\u308A\u307E\u3059',
  '\uFDFD\uA9C5\u2E3B',
  '\u00A0\u2003\u3000mid\u180E',
] as const;

const PLAIN = [
  'Pistol Glock 17 Gen 5',
  'Carabină CZ 457 .22 LR',
  'Lunetă Zeiss Conquest V4',
  'Stare foarte bună, folosit puțin',
  'București, sector 3',
  'Stare bună.\r\nLunetă inclusă,\tdouă încărcătoare.\n\nPreț negociabil.',
] as const;

/** C0 controls (NUL among them), DEL and C1 controls: refused in every text of the API (issue 26). */
export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
];
/** What a text of several lines keeps (a carriage return is made a line feed there). */
const LINE_CONTROLS = ['\t', '\n', '\r'];

/** One line (a name, a title, a search), or several (a description, a message, a reason). */
export type Lines = 'single' | 'multi';

/** The text without the control characters its field refuses (carriage returns dropped too). */
export function withoutControls(text: string, lines: Lines = 'single'): string {
  return Array.from(text)
    .filter(
      (ch) =>
        !CONTROL_CHARACTERS.includes(ch) || (lines === 'multi' && ch !== '\r' && LINE_CONTROLS.includes(ch)),
    )
    .join('');
}

/** Any text a person or a script may type: payloads, random Unicode (lone surrogates too), plain words. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_PAYLOADS) },
  { weight: 3, arbitrary: fc.constantFrom(...HTML_PAYLOADS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_PAYLOADS), {
        minLength: 2,
        maxLength: 4,
      })
      .map((parts) => parts.join(' ')),
  },
  { weight: 1, arbitrary: fc.constantFrom(...PLAIN) },
);

const codePoints = (text: string) => Array.from(text).length;

/** Text a trimming schema accepts as between min and max characters long: zod counts code points. */
export function fitLength(text: string, min: number, max: number): string {
  let fitted = Array.from(text.trim()).slice(0, max).join('').trim();
  while (codePoints(fitted) < min) fitted += 'ș';
  return fitted;
}
/** Hostile text a field accepts: of the right length, without the control characters it refuses. */
export const fittedText = (min: number, max: number, lines: Lines = 'single') =>
  hostileText.map((text) => fitLength(withoutControls(text, lines), min, max));

/** The control characters a field refuses, NUL (which PostgreSQL text cannot hold) most often. */
const refusedControl = (lines: Lines) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant('\u0000') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ...CONTROL_CHARACTERS.filter((ch) => lines === 'single' || !LINE_CONTROLS.includes(ch)),
      ),
    },
  );

/**
 * Valid text of min to max characters with a control character the field refuses inside it, between
 * letters, so trimming cannot take it away.
 */
export const withControlCharacter = (min: number, max: number, lines: Lines = 'single') =>
  fc
    .tuple(fittedText(Math.max(min - 3, 0), max - 3, lines), fc.nat(), refusedControl(lines))
    .map(([text, at, control]) => {
      const chars = Array.from(text);
      const cut = at % (chars.length + 1);
      return `ș${chars.slice(0, cut).join('')}${control}${chars.slice(cut).join('')}ș`;
    });

/** Longer than `max` even after trimming (the fill is no whitespace, nor a control character). */
export const tooLongText = (max: number) =>
  fc
    .tuple(
      fc.constantFrom('A', 'ș', '\u{1D54F}', "'", '<', '%', '0', 'e\u0301', 'x\u200b'),
      fc.integer({ min: max + 1, max: max * 2 + 64 }),
      fc.constantFrom('', SQL_PAYLOADS[2], HTML_PAYLOADS[0], UNICODE_PAYLOADS[0]),
    )
    .map(([fill, count, prefix]) => prefix + fill.repeat(count));

/** Shorter than `min` once trimmed (for min 1: empty or only whitespace). */
export const tooShortText = (min: number) =>
  fc.oneof(
    fc.constantFrom('', '   ', '\u00A0\u2003\u3000', '\uFEFF\t\n', '\u2028'),
    fc
      .tuple(fc.string({ unit: 'binary-ascii', maxLength: min - 1 }), fc.constantFrom('', ' ', '\u3000\t'))
      .map(([text, pad]) => `${pad}${text}${pad}`),
  );

/** A body big enough to trip a body limit; text, so it costs the generator nothing. */
export const giantText = fc
  .tuple(fc.integer({ min: 70_000, max: 160_000 }), fc.constantFrom('x', 'ș', '<', "'"))
  .map(([count, fill]) => fill.repeat(count));

/** An object with its own `__proto__` key, as JSON.parse makes it: a prototype-pollution probe. */
const protoProbe = () => JSON.parse('{"__proto__":{"role":"admin.super","isAdmin":true}}') as unknown;

/** Values of any JSON type but string; `nullable` leaves out null for fields that accept it. */
export const notAString = (options: { nullable?: boolean } = {}) =>
  fc.oneof(
    fc.integer(),
    // Finite only: JSON turns Infinity into null, which a nullable field accepts.
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
    fc.constant({ $gt: '' }),
    fc.constant(null).map(protoProbe),
    ...(options.nullable ? [] : [fc.constant(null)]),
  );

export const notABoolean = (options: { nullable?: boolean } = {}) =>
  fc.oneof(
    fc.constantFrom('true', 'false', 'yes', '1', 0, 1, [], {}, [true]),
    ...(options.nullable ? [] : [fc.constant(null)]),
  );

// ——— Fields ———

export type Tagged = { kind: Kind; value: unknown };
export type Field = {
  name: string;
  required: boolean;
  /**
   * Optional for the schema but needed by some valid bodies (the declaration of a weapon): always
   * sent in valid records, never left out as a defect.
   */
  alwaysSent?: boolean;
  valid: fc.Arbitrary<unknown>;
  /** Values the schema is bound to refuse, with the kind of defect each is. */
  invalid: fc.Arbitrary<Tagged>;
};

export const tag = (kind: Kind, arbitrary: fc.Arbitrary<unknown>) =>
  arbitrary.map((value) => ({ kind, value }));

/** A trimmed string between min and max, of one line or of several (`lines`). */
export const textField = (
  name: string,
  min: number,
  max: number,
  required = true,
  lines: Lines = 'single',
): Field => ({
  name,
  required,
  valid: fittedText(min, max, lines),
  invalid: fc.oneof(
    tag('wrong-type', notAString({ nullable: false })),
    tag('long-string', tooLongText(max)),
    tag('control-char', withControlCharacter(min, max, lines)),
    ...(min > 0 ? [tag('out-of-range', tooShortText(min))] : []),
  ),
});

/** An optional text: null, absent and '' all mean none. */
export const optionalTextField = (name: string, max: number, lines: Lines = 'single'): Field => ({
  name,
  required: false,
  valid: fc.oneof(fittedText(0, max, lines), fc.constant(null), fc.constant('')),
  invalid: fc.oneof(
    tag('wrong-type', notAString({ nullable: true })),
    tag('long-string', tooLongText(max)),
    tag('control-char', withControlCharacter(0, max, lines)),
  ),
});

/**
 * A string (not trimmed) between min and max: passwords, tokens. One being chosen (or a token) refuses
 * control characters; one typed to sign in or confirm is taken as it is (`controls: 'taken'`).
 */
export const secretField = (
  name: string,
  min: number,
  max: number,
  required = true,
  controls: 'refused' | 'taken' = 'refused',
): Field => ({
  name,
  required,
  valid: fittedText(min, max),
  invalid: fc.oneof(
    tag('wrong-type', notAString()),
    tag('long-string', tooLongText(max)),
    ...(controls === 'refused' ? [tag('control-char', withControlCharacter(min, max))] : []),
    ...(min > 0
      ? [
          tag(
            'out-of-range',
            fc.string({ unit: 'binary-ascii', maxLength: min - 1 }).map((s) => s.slice(0, min - 1)),
          ),
        ]
      : []),
  ),
});

/** Values close to an enum's (case, spaces, neighbours) and hostile text, none of them in it. */
export const notInEnum = (values: readonly string[]) =>
  fc
    .oneof(
      fc
        .constantFrom(...values)
        .chain((value) =>
          fc.constantFrom(
            value.toUpperCase(),
            ` ${value}`,
            `${value} `,
            `${value}\u0000`,
            `${value}'--`,
            value.replace(/-/g, '_'),
            value.normalize('NFD') === value ? `${value}\u0301` : value.normalize('NFD'),
          ),
        ),
      fc.constantFrom('', 'null', 'undefined', '*', 'admin', '%'),
      hostileText,
    )
    .filter((value) => !values.includes(value));

export const enumField = (name: string, values: readonly string[], required = true): Field => ({
  name,
  required,
  valid: fc.constantFrom(...values),
  invalid: fc.oneof(
    tag('bad-enum', notInEnum(values)),
    tag(
      'wrong-type',
      fc.oneof(
        notAString(),
        fc.constantFrom(...values).map((value) => [value]),
      ),
    ),
  ),
});

export const booleanField = (name: string): Field => ({
  name,
  required: false,
  valid: fc.boolean(),
  invalid: tag('wrong-type', notABoolean()),
});

/** Email addresses: valid ones are never anybody's, so a refused request could not act on an account. */
export const emailField = (name = 'email'): Field => ({
  name,
  required: true,
  valid: fc.oneof(
    fc.uuid().map((id) => `hostile-${id.slice(0, 8)}@example.ro`),
    fc.constantFrom("o'reilly+tag@example.ro", 'UPPER.case@EXAMPLE.RO', '  spaced@example.ro  '),
  ),
  invalid: fc.oneof(
    tag(
      'bad-format',
      fc.oneof(
        fc.constantFrom(
          'not-an-email',
          'a@b',
          '@example.ro',
          'ion@@example.ro',
          'ion@exam ple.ro',
          'ion.@example.ro',
          '.ion@example.ro',
          'ion..pop@example.ro',
          'ion@localhost',
          'ș@ș.ro',
          'ion@example.ro\u0000',
          '"quoted"@example.ro',
          'ion@-example.ro',
        ),
        // A doubled @ keeps a payload that happens to be a valid local part from making a valid address.
        fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS).map((payload) => `${payload}@@example.ro`),
        hostileText.filter((text) => !text.includes('@')),
      ),
    ),
    tag(
      'long-string',
      fc.integer({ min: 250, max: 600 }).map((n) => `${'a'.repeat(n)}@example.ro`),
    ),
    tag('wrong-type', notAString()),
  ),
});

/** z.coerce.number between min and max: only values that coerce to no number or one out of range. */
export const coercedNumberField = (name: string, min: number, max: number): Field => ({
  name,
  required: true,
  valid: fc.oneof(
    fc.integer({ min, max }),
    fc.integer({ min, max }).map(String),
    fc.double({ min, max, noNaN: true }).map((n) => n.toFixed(2)),
  ),
  invalid: fc.oneof(
    tag(
      'out-of-range',
      fc.oneof(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: min - 1 }),
        fc.integer({ min: max + 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: max + 1 }).map(String),
        fc.constantFrom('-1', '-0.01', '1e400', '-1e400', 'Infinity', '-Infinity', 1e308, -1e308),
      ),
    ),
    tag(
      'wrong-type',
      fc.constantFrom(
        'abc',
        '1,5',
        '12 RON',
        'NaN',
        '0x',
        '1..2',
        '--1',
        {},
        [1, 2],
        { $gt: 0 },
        '٣٠٠',
        '１２',
      ),
    ),
  ),
});

/** The ad form's optional whole numbers (a string or a number, '' for none). */
export const optionalIntField = (name: string, max: number): Field => ({
  name,
  required: false,
  valid: fc.oneof(
    fc.integer({ min: 0, max }),
    fc.integer({ min: 0, max }).map(String),
    fc.constant(null),
    fc.constant(''),
  ),
  invalid: fc.oneof(
    tag(
      'out-of-range',
      fc.oneof(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
        fc.integer({ min: max + 1, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('-1', String(max + 1), '1.5', 2.5, '1e400', 'Infinity'),
      ),
    ),
    tag('wrong-type', fc.constantFrom(true, false, {}, [], [1], 'abc', 'NaN', '12mm', { $gt: 0 })),
  ),
});

/** Anything that is not a uuid (zod's own check). */
export const notAUuid = fc.oneof(
  fc.constantFrom(
    'abc',
    '',
    '00000000-0000-0000-0000-00000000000g',
    '00000000000000000000000000000000',
    '{00000000-0000-4000-8000-000000000000}',
    '../../etc/passwd',
  ),
  fc.uuid().map((id) => `${id}x`),
  hostileText,
);

// ——— Bodies ———

/** Fields nobody may set through the API; sent as noise, they must be stripped, never stored. */
export const privilegedExtras = (ids: { someUserId: string }) =>
  fc
    .subarray(
      [
        ['status', 'approved'],
        ['user_id', ids.someUserId],
        ['userId', ids.someUserId],
        ['featured', true],
        ['role', 'admin.super'],
        ['owner', ids.someUserId],
        ['ownerId', ids.someUserId],
        ['created_at', '2001-01-01T00:00:00.000Z'],
        ['createdAt', '2001-01-01T00:00:00.000Z'],
        ['isActive', true],
        ['emailVerified', true],
        ['id', '00000000-0000-4000-8000-000000000000'],
        ['moderationReason', null],
        ['twoFactorEnabled', false],
        ['banned', false],
      ] as const,
      { minLength: 1, maxLength: 6 },
    )
    .map((entries) => {
      const extras = Object.fromEntries(entries) as Record<string, unknown>;
      // Sometimes the prototype-pollution probe as well.
      return Object.keys(extras).length > 3 ? Object.assign(protoProbe() as object, extras) : extras;
    });

export type JsonDefect = {
  value: unknown;
  defects: Kind[];
  /** The field at fault, which the error message must name. */
  field?: string;
  extras: boolean;
};

/** A record of valid values for every field (optional ones sometimes left out). */
export const validRecord = (fields: Field[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(Object.fromEntries(fields.map((field) => [field.name, field.valid])), {
    requiredKeys: fields.filter((field) => field.required || field.alwaysSent).map((field) => field.name),
  });

/**
 * A body with exactly one field wrong (a wrong value, or a required field left out) and everything
 * else valid, with privileged extras as noise in about half.
 */
export function bodyWithFieldDefect(fields: Field[], extras: fc.Arbitrary<Record<string, unknown>>) {
  const defect = fc.oneof(
    ...fields.map((field) =>
      field.invalid.map((bad) => ({ field: field.name, kind: bad.kind, present: true, value: bad.value })),
    ),
    ...fields
      .filter((field) => field.required)
      .map((field) =>
        fc.constant({ field: field.name, kind: 'missing-field' as Kind, present: false, value: undefined }),
      ),
  );
  return fc
    .tuple(validRecord(fields), defect, fc.option(extras, { nil: null }))
    .map(([record, bad, noise]) => {
      const value: Record<string, unknown> = { ...(noise ?? {}), ...record };
      if (bad.present) value[bad.field] = bad.value;
      else delete value[bad.field];
      return { value, defects: [bad.kind], field: bad.field, extras: noise !== null } satisfies JsonDefect;
    });
}

/** A valid body, with privileged extras as noise in about half. */
export function validBody(fields: Field[], extras: fc.Arbitrary<Record<string, unknown>>) {
  return fc
    .tuple(validRecord(fields), fc.option(extras, { nil: null }))
    .map(([record, noise]) => ({ value: { ...(noise ?? {}), ...record }, extras: noise !== null }));
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Text that is not JSON at all, or JSON broken in the ways clients and attackers break it. (A byte
 * order mark is no defect: fetch's UTF-8 decoding drops it.) Breaking `{}` can leave it whole, so
 * whatever still parses is left out.
 */
export const brokenJson = (sample: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .oneof(
      sample
        .map((value) => JSON.stringify(value))
        .chain((text) =>
          fc.constantFrom(
            text.slice(0, Math.max(1, Math.floor(text.length / 2))),
            `${text.slice(0, -1)},}`,
            text.replace(/"/g, "'"),
            `${text}}`,
            `// comment\n${text}`,
            text.replace(/:/, ': NaN, "x":'),
          ),
        ),
      fc.constantFrom(
        '{',
        '',
        ' ',
        '{"a":}',
        '{a:1}',
        "{'title':'x'}",
        'undefined',
        '{"x": 1e}',
        '\u0000',
        '<xml/>',
      ),
    )
    .filter((text) => !parses(text));

/** Arrays nested thousands deep: a root that is no object, and a test of the parser's stack. */
export const deeplyNested = fc
  .integer({ min: 1000, max: 8000 })
  .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);

/** JSON roots that are no object. */
export const nonObjectJson = fc.oneof(
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 4 }),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(null, true, false, 0),
);

// ——— Ids and cursors ———

/** Makes text safe for encodeURIComponent, which throws on lone surrogates. */
export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
export const encodeSegment = (text: string) => encodeURIComponent(wellFormed(text));

/**
 * Path segments that name nothing: unknown uuids, ids of other things, real ids slightly changed,
 * payloads, broken percent-encoding and traversal. Already encoded for the path.
 */
export function badIdSegment(options: {
  realIds: ReadonlySet<string>;
  realUuids: readonly string[];
  otherIds: readonly string[];
}) {
  const unknown = (id: string) => !options.realIds.has(id.toLowerCase()) && !options.realIds.has(id);
  return fc.oneof(
    { weight: 2, arbitrary: fc.uuid().filter(unknown).map(encodeSegment) },
    {
      weight: 2,
      arbitrary: fc
        .string({ unit: 'binary', minLength: 1, maxLength: 60 })
        .filter((text) => unknown(text) && text !== '.' && text !== '..')
        .map(encodeSegment),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...UNICODE_PAYLOADS).map(encodeSegment),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%zz',
        '%',
        '%00',
        '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '..%2F..%2Fadmin',
        '%252e%252e%252f',
        '%C0%AE%C0%AE',
        '%F0%9F',
        'null',
        'undefined',
        'NaN',
        '0',
        '-1',
        '1e309',
        '%5Bobject%20Object%5D',
        '%7B%7D',
        'true',
        '*',
        '__proto__',
        'constructor',
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...options.realUuids)
        .chain((id) =>
          fc.constantFrom(
            `${id}x`,
            ` ${id}`,
            id.slice(0, -1),
            id.replace(/-/g, ''),
            `{${id}}`,
            `${id}\u0000`,
            `${id};`,
            `${id}'`,
          ),
        )
        .filter(unknown)
        .map(encodeSegment),
    },
    ...(options.otherIds.length
      ? [{ weight: 1, arbitrary: fc.constantFrom(...options.otherIds).map(encodeSegment) }]
      : []),
  );
}

/** Ids longer than the 100 characters a path parameter may have. */
export const overlongIdSegment = fc
  .tuple(fc.integer({ min: 101, max: 400 }), fc.constantFrom('a', 'ș', '0', '-'))
  .map(([count, fill]) => encodeSegment(fill.repeat(count)));

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const isoDate = fc
  .date({
    min: new Date('2000-01-01T00:00:00.000Z'),
    max: new Date('2040-01-01T00:00:00.000Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** ISO-looking instants that no Date wrote, or that PostgreSQL cannot read. */
const badInstant = fc.oneof(
  fc.constantFrom(
    '0000-01-01T00:00:00.000Z',
    '0000-12-31T23:59:59.999Z',
    '2024-02-31T00:00:00.000Z',
    '2023-02-29T12:00:00.000Z',
    '2024-13-01T00:00:00.000Z',
    '2024-01-01T24:00:00.000Z',
    '2024-01-01T23:59:60.000Z',
    '2024-01-01T00:00:00Z',
    '2024-01-01 00:00:00.000Z',
    '2024-01-01T00:00:00.000+02:00',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    'yesterday',
    '',
  ),
  fc.constantFrom(...SQL_PAYLOADS),
  isoDate.map((iso) => iso.replace('Z', '')),
);

/**
 * Cursors the server never hands out: not base64 JSON, JSON of the wrong shape, or the right shape
 * with one part broken. `shape` says which cursor: the public list's (sort, key, id), or an admin
 * list's (instant, id) with uuid or word ids.
 */
export function badCursor(shape: 'browse' | 'page-uuid' | 'page-word', maxLength: number) {
  const uuid = fc.uuid();
  const badUuid = notAUuid;
  const badWordId = fc.oneof(
    fc.constantFrom('', 'with space', "quote'd", 'ș', 'a/b', 'a.b', '<b>'),
    fc.constantFrom(...SQL_PAYLOADS),
    fc.integer({ min: 101, max: 200 }).map((n) => 'a'.repeat(n)),
  );
  const wrongShape = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }).filter((value) => !Array.isArray(value)),
    fc
      .array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 })
      .filter((list) => list.length !== (shape === 'browse' ? 3 : 2)),
    fc.constant([null, null, null, null]),
  );
  let brokenPart: fc.Arbitrary<unknown>;
  if (shape === 'browse') {
    const sorts = ['newest', 'price-asc', 'price-desc'] as const;
    brokenPart = fc.oneof(
      // A cursor of another sort (each sort reads it as its own).
      fc
        .tuple(fc.constantFrom('price-asc', 'price-desc'), fc.constantFrom('100', '1.5'), uuid)
        .map((c) => ({ cursor: c, sort: 'newest' })),
      fc.tuple(fc.constant('newest'), isoDate, uuid).map((c) => ({ cursor: c, sort: 'price-asc' })),
      fc.tuple(notInEnum(sorts), isoDate, uuid).map((c) => ({ cursor: c, sort: 'newest' })),
      fc.tuple(fc.constant('newest'), badInstant, uuid).map((c) => ({ cursor: c, sort: 'newest' })),
      fc
        .tuple(fc.constant('newest'), fc.oneof(fc.integer(), fc.constant(null), fc.boolean()), uuid)
        .map((c) => ({ cursor: c, sort: 'newest' })),
      fc.tuple(fc.constant('newest'), isoDate, badUuid).map((c) => ({ cursor: c, sort: 'newest' })),
      fc
        .tuple(
          fc.constantFrom('price-asc', 'price-desc'),
          fc.constantFrom('1e5', '-1', '1.234', '12345678901', ' 1', '1,5', 'NaN', '', '0x10', "1'--"),
          uuid,
        )
        .map((c) => ({ cursor: c, sort: c[0] })),
      fc
        .tuple(fc.constantFrom('price-asc', 'price-desc'), fc.constantFrom('100'), badUuid)
        .map((c) => ({ cursor: c, sort: c[0] })),
    );
  } else {
    brokenPart = fc.oneof(
      fc.tuple(badInstant, shape === 'page-uuid' ? uuid : fc.constantFrom('abc', 'user_1')),
      fc.tuple(isoDate, shape === 'page-uuid' ? badUuid : badWordId),
      fc.tuple(fc.oneof(fc.integer(), fc.constant(null)), uuid),
      fc.tuple(isoDate, fc.oneof(fc.integer(), fc.constant(null), fc.constant(['x']))),
    );
  }
  const encoded = fc.oneof(
    fc.oneof(wrongShape, brokenPart).map((value) => {
      // The browse variant carries the sort the cursor must be sent with.
      if (shape === 'browse' && value && typeof value === 'object' && 'cursor' in value && 'sort' in value) {
        return { cursor: b64(value.cursor), sort: String(value.sort) };
      }
      return { cursor: b64(value), sort: undefined };
    }),
    fc
      .oneof(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
        fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS),
        fc.constantFrom('null', 'W10', 'e30', '!!!!', '====', 'AAAA', '%00', 'eyJ'),
      )
      .map((text) => ({ cursor: text, sort: undefined })),
    fc
      .integer({ min: maxLength + 1, max: maxLength * 3 })
      .map((n) => ({ cursor: 'A'.repeat(n), sort: undefined })),
  );
  return encoded;
}
