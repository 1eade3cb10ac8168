import { and, desc, eq } from 'drizzle-orm';
import type { LegalStatus } from '../../common/schemas/legal';
import type { Database } from '../db/client';
import { legalAcceptances } from '../db/schema/legal';
import { AppError } from '../errors';

export type LegalVersions = { terms: string; privacy: string };
type Executor = Pick<Database, 'insert'>;

/** The 18+ declaration's wording: a new wording would be a new version, as with the texts. */
export const ADULT_DECLARATION_VERSION = '1';

/**
 * What registering records (issue 31): the 18+ declaration and the current terms and privacy notice,
 * at one moment and from one address. Called by the profile hook of a new account only.
 */
export async function recordSignUpConsents(
  db: Executor,
  userId: string,
  versions: LegalVersions,
  clientIp: string | null,
): Promise<void> {
  await db.insert(legalAcceptances).values([
    { userId, document: 'adult', version: ADULT_DECLARATION_VERSION, clientIp },
    { userId, document: 'terms', version: versions.terms, clientIp },
    { userId, document: 'privacy', version: versions.privacy, clientIp },
  ]);
}

async function latest(db: Database, userId: string, document: 'adult' | 'terms' | 'privacy') {
  const [row] = await db
    .select({ version: legalAcceptances.version, acceptedAt: legalAcceptances.acceptedAt })
    .from(legalAcceptances)
    .where(and(eq(legalAcceptances.userId, userId), eq(legalAcceptances.document, document)))
    .orderBy(desc(legalAcceptances.acceptedAt))
    .limit(1);
  return row ? { version: row.version, acceptedAt: row.acceptedAt.toISOString() } : null;
}

/**
 * What the user accepted last, and whether they must accept again: a terms version other than the
 * current one (or none, for an account from before issue 31). A new privacy notice alone informs,
 * it asks nothing (GDPR art. 13 asks for information, not consent).
 */
export async function legalStatus(
  db: Database,
  userId: string,
  current: LegalVersions,
): Promise<LegalStatus> {
  const [adult, terms, privacy] = await Promise.all([
    latest(db, userId, 'adult'),
    latest(db, userId, 'terms'),
    latest(db, userId, 'privacy'),
  ]);
  return {
    current,
    accepted: { adult, terms, privacy },
    mustAccept: terms?.version !== current.terms || adult === null,
  };
}

/**
 * A signed-in user accepts the current texts (and, for an account from before issue 31, declares
 * being 18 or older: the same dialog asks it). Versions other than the current ones are refused, so
 * that nobody is recorded as accepting a text they were not shown.
 */
export async function acceptCurrent(
  db: Database,
  userId: string,
  current: LegalVersions,
  input: { termsVersion: string; privacyVersion: string },
  clientIp: string,
): Promise<LegalStatus> {
  if (input.termsVersion !== current.terms || input.privacyVersion !== current.privacy)
    throw new AppError(409, 'legal_version_outdated', 'These are not the current terms: reload the page');
  const status = await legalStatus(db, userId, current);
  const rows: Array<typeof legalAcceptances.$inferInsert> = [];
  if (status.accepted.adult === null)
    rows.push({ userId, document: 'adult', version: ADULT_DECLARATION_VERSION, clientIp });
  if (status.accepted.terms?.version !== current.terms)
    rows.push({ userId, document: 'terms', version: current.terms, clientIp });
  if (status.accepted.privacy?.version !== current.privacy)
    rows.push({ userId, document: 'privacy', version: current.privacy, clientIp });
  if (rows.length) await db.insert(legalAcceptances).values(rows);
  return legalStatus(db, userId, current);
}
