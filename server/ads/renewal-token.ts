import { createHmac } from 'node:crypto';
import { DAY_MS, RENEWAL_LINK_DAYS } from '../../common/lifecycle';
import { resolveAuthSecret } from '../auth/secret';
import type { Config } from '../config';
import { sameSecret } from '../http/same-secret';
import { isUuid } from './cursor';

/**
 * The one-click renewal link in the reminder mail: `<ad id>.<expiry in unix seconds>.<signature>`,
 * signed with a key derived from the auth secret (so that no other token of the app can pass for
 * one). It names the ad and nothing else: whoever holds the mail may renew that ad, which is all the
 * owner would do with it, and renewing changes nothing but the end date.
 */
const PURPOSE = 'armamarket:ad-renewal:v1';

function signature(config: Pick<Config, 'authSecret' | 'dataDir'>, payload: string): Buffer {
  const key = createHmac('sha256', resolveAuthSecret(config)).update(PURPOSE).digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function signRenewalToken(
  config: Pick<Config, 'authSecret' | 'dataDir'>,
  adId: string,
  now: Date = new Date(),
): string {
  const expires = Math.floor((now.getTime() + RENEWAL_LINK_DAYS * DAY_MS) / 1000);
  const payload = `${adId}.${expires}`;
  return `${payload}.${signature(config, payload).toString('base64url')}`;
}

export type RenewalTokenCheck = { ok: true; adId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature first (a forged token learns nothing about expiry), then the date. */
export function verifyRenewalToken(
  config: Pick<Config, 'authSecret' | 'dataDir'>,
  token: string,
  now: Date = new Date(),
): RenewalTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [adId = '', expires = '', given = ''] = parts;
  if (!isUuid(adId) || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: 'invalid' };
  const expected = signature(config, `${adId}.${expires}`);
  if (!sameSecret(Buffer.from(given, 'base64url'), expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, adId };
}

export const renewalPath = (token: string) => `/renew?token=${encodeURIComponent(token)}`;
