import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY_MS } from '../../common/lifecycle';
import { isUuid } from '../ads/cursor';
import { resolveAuthSecret } from '../auth/secret';
import type { Config } from '../config';

/**
 * The one-click unsubscribe link of an alert mail (RFC 8058): `<kind>.<id>.<expiry>.<signature>`,
 * where kind `s` names one saved search (its alerts stop) and `d` a user's daily digest (all their
 * daily searches stop). Signed like the renewal link (server/ads/renewal-token.ts) with a key of its
 * own purpose, so no other token of the app passes for one. Whoever holds the mail may turn that
 * search's alerts off, which is all the link can do.
 */
const PURPOSE = 'armamarket:saved-search-unsubscribe:v1';
export const UNSUBSCRIBE_LINK_DAYS = 60;

type Keys = Pick<Config, 'authSecret' | 'dataDir'>;
export type UnsubscribeTarget = { kind: 's'; savedSearchId: string } | { kind: 'd'; userId: string };

function signature(config: Keys, payload: string): Buffer {
  const key = createHmac('sha256', resolveAuthSecret(config)).update(PURPOSE).digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function signUnsubscribeToken(
  config: Keys,
  target: UnsubscribeTarget,
  now: Date = new Date(),
): string {
  const expires = Math.floor((now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS) / 1000);
  const id = target.kind === 's' ? target.savedSearchId : target.userId;
  const payload = `${target.kind}.${id}.${expires}`;
  return `${payload}.${signature(config, payload).toString('base64url')}`;
}

export type UnsubscribeCheck =
  | { ok: true; target: UnsubscribeTarget }
  | { ok: false; reason: 'invalid' | 'expired' };

/** The signature first (a forged token learns nothing about expiry), then the date. */
export function verifyUnsubscribeToken(
  config: Keys,
  token: string,
  now: Date = new Date(),
): UnsubscribeCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [kind = '', id = '', expires = '', given = ''] = parts;
  if (kind !== 's' && kind !== 'd') return { ok: false, reason: 'invalid' };
  if (kind === 's' && !isUuid(id)) return { ok: false, reason: 'invalid' };
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !/^\d{1,12}$/.test(expires))
    return { ok: false, reason: 'invalid' };
  const expected = signature(config, `${kind}.${id}.${expires}`);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, target: kind === 's' ? { kind, savedSearchId: id } : { kind, userId: id } };
}

/** The page a person opens from the mail (it confirms, then posts). */
export const unsubscribePagePath = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;
/** The URL a mail client posts to for one-click unsubscribe (List-Unsubscribe). */
export const unsubscribeApiPath = (token: string) =>
  `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`;
