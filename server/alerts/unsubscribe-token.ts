import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { DAY_MS } from '../../common/lifecycle';
import { SAVED_SEARCHES_MAX } from '../../common/limits';
import { isUuid } from '../ads/cursor';
import { resolveAuthSecret } from '../auth/secret';
import type { Config } from '../config';

/**
 * The one-click unsubscribe link of an alert mail (RFC 8058). It names exactly the saved searches of
 * that mail: kind `s` the one search of an instant alert (its alerts stop), kind `d` the searches of
 * one daily digest (their daily alerts stop; a search saved later, or left out of that mail, stays
 * on). Issue 26: the token is opaque, the kind, the search ids and the expiry sealed with AES-256-GCM
 * under a key of its own purpose, so it shows nothing (no user id, no search id) and no other token
 * of the app passes for one. Whoever holds the mail may turn those searches' alerts off for
 * UNSUBSCRIBE_LINK_DAYS, which is all the link can do.
 *
 * Issue 28: kind `p` names a user's price-drop alerts (the user id, UTF-8, sealed the same way).
 *
 * `u2.<base64url(iv ‖ sealed ‖ tag)>`, sealed = kind (1 byte) ‖ expiry (uint32 seconds) ‖ 16 bytes per
 * id (kinds s, d) or the user id's bytes (kind p).
 */
const PURPOSE = 'armamarket:saved-search-unsubscribe:v2';
const PREFIX = 'u2.';
export const UNSUBSCRIBE_LINK_DAYS = 14;
/** The longest token (a digest naming every search a user may keep), with room to spare. */
export const UNSUBSCRIBE_TOKEN_MAX = 1000;

const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEAD_BYTES = 5;
const ID_BYTES = 16;
const KINDS = { s: 0x73, d: 0x64, p: 0x70 } as const;
/** The longest user id a `p` token carries (better-auth's are 32 characters). */
const USER_ID_MAX = 64;
/** The links of mails sent before issue 26 (`kind.id.expiry.signature`): refused as expired. */
const OLD_FORMAT = /^[sd]\.[A-Za-z0-9_-]{1,64}\.\d{1,12}\.[A-Za-z0-9_-]+$/;

type Keys = Pick<Config, 'authSecret' | 'dataDir'>;
export type UnsubscribeTarget =
  | { kind: 's'; savedSearchId: string }
  | { kind: 'd'; savedSearchIds: string[] }
  | { kind: 'p'; userId: string };

const keyOf = (config: Keys) => createHmac('sha256', resolveAuthSecret(config)).update(PURPOSE).digest();
const idsOf = (target: Exclude<UnsubscribeTarget, { kind: 'p' }>) =>
  target.kind === 's' ? [target.savedSearchId] : target.savedSearchIds;

/** The sealed payload: the search ids' 16 bytes each, or a price-drop token's user id. */
function payloadOf(target: UnsubscribeTarget): Buffer {
  if (target.kind === 'p') {
    const bytes = Buffer.from(target.userId, 'utf8');
    if (bytes.length === 0 || bytes.length > USER_ID_MAX) throw new Error('A user id of 1 to 64 bytes');
    return bytes;
  }
  const ids = idsOf(target);
  if (ids.length === 0 || ids.length > SAVED_SEARCHES_MAX || !ids.every(isUuid))
    throw new Error('An unsubscribe link names 1 to SAVED_SEARCHES_MAX saved searches');
  return Buffer.concat(ids.map((id) => Buffer.from(id.replaceAll('-', ''), 'hex')));
}

export function signUnsubscribeToken(
  config: Keys,
  target: UnsubscribeTarget,
  now: Date = new Date(),
): string {
  const payload = payloadOf(target);
  const plain = Buffer.alloc(HEAD_BYTES + payload.length);
  plain[0] = KINDS[target.kind];
  plain.writeUInt32BE(Math.floor((now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS) / 1000), 1);
  payload.copy(plain, HEAD_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv).setAAD(Buffer.from(PURPOSE));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return PREFIX + Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

export type UnsubscribeCheck =
  | { ok: true; target: UnsubscribeTarget }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Opens the token (a forged or altered one opens to nothing, learning nothing), then checks the date. */
export function verifyUnsubscribeToken(
  config: Keys,
  token: string,
  now: Date = new Date(),
): UnsubscribeCheck {
  if (OLD_FORMAT.test(token)) return { ok: false, reason: 'expired' };
  const plain = token.startsWith(PREFIX) ? open(config, token.slice(PREFIX.length)) : null;
  const kind = plain ? kindOf(plain[0]) : null;
  if (!plain || !kind) return { ok: false, reason: 'invalid' };
  const expired = plain.readUInt32BE(1) * 1000 <= now.getTime();
  if (kind === 'p') {
    const userId = plain.subarray(HEAD_BYTES).toString('utf8');
    if (userId.length === 0) return { ok: false, reason: 'invalid' };
    return expired ? { ok: false, reason: 'expired' } : { ok: true, target: { kind, userId } };
  }
  if ((plain.length - HEAD_BYTES) % ID_BYTES !== 0) return { ok: false, reason: 'invalid' };
  const ids: string[] = [];
  for (let at = HEAD_BYTES; at < plain.length; at += ID_BYTES)
    ids.push(uuidOf(plain.subarray(at, at + ID_BYTES)));
  if (ids.length === 0 || (kind === 's' && ids.length !== 1)) return { ok: false, reason: 'invalid' };
  if (expired) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    target: kind === 's' ? { kind, savedSearchId: ids[0] as string } : { kind, savedSearchIds: ids },
  };
}

const kindOf = (byte: number | undefined) =>
  byte === KINDS.s ? 's' : byte === KINDS.d ? 'd' : byte === KINDS.p ? 'p' : null;

function open(config: Keys, text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  const body = bytes.length - IV_BYTES - TAG_BYTES - HEAD_BYTES;
  // Whole search ids, or a price-drop token's user id (the kind is read once the seal is opened).
  if (body < 1 || body > Math.max(SAVED_SEARCHES_MAX * ID_BYTES, USER_ID_MAX)) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), bytes.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(PURPOSE))
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The page a person opens from the mail (it confirms, then posts). */
export const unsubscribePagePath = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;
/** The URL a mail client posts to for one-click unsubscribe (List-Unsubscribe). */
export const unsubscribeApiPath = (token: string) =>
  `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`;
