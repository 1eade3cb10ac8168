import fc from 'fast-check';
import {
  bodyWithFieldDefect,
  brokenJson,
  deeplyNested,
  type Field,
  giantText,
  nonObjectJson,
  privilegedExtras,
  validBody,
  validRecord,
} from './arbitraries';
import { type Base, withCaller } from './callers';
import type { Caller, Draft, Fixtures } from './request-types';

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
export function jsonDefects(f: Fixtures, route: JsonRoute): fc.Arbitrary<Draft>[] {
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

export const valid = (f: Fixtures, fields: Field[]) =>
  validBody(fields, privilegedExtras({ someUserId: f.users.pool[0] ?? f.users.owner }));

export const jsonBase = (f: Fixtures, path: fc.Arbitrary<string>, fields: Field[]): fc.Arbitrary<Base> =>
  fc
    .tuple(path, valid(f, fields))
    .map(([p, body]) => ({ path: p, body: { type: 'json', value: body.value }, extras: body.extras }));
