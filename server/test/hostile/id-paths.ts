import fc from 'fast-check';
import { badIdSegment, overlongIdSegment } from './arbitraries';
import { withCaller } from './callers';
import type { Caller, Draft, Fixtures } from './request-types';

// ——— Paths with ids ———

export function ids(f: Fixtures) {
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
export const real = (...values: string[]) => fc.constantFrom(...values);

/** Requests naming ids that do not exist, sent by callers who would otherwise be allowed. */
export const badIds = (
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
export const badState = (
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
