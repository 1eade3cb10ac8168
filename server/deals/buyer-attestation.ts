import { and, eq, sql } from 'drizzle-orm';
import { ATTESTED_CATEGORY, BUYER_ATTESTATION_VERSION } from '../../common/legal';
import { type Database, queryRows } from '../db/client';
import { buyerAttestations } from '../db/schema/ads';
import { AppError } from '../errors';
import { validationMessage } from '../http/validation';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const attestationRequired = () =>
  new AppError(
    400,
    'validation_error',
    validationMessage({
      code: 'custom',
      message: 'attestationRequired',
      path: ['attestation'],
      input: undefined,
    }),
  );

/** When the buyer attested for this ad (issue 29), or null. */
export async function attestedAt(db: Database | Tx, adId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: buyerAttestations.attestedAt })
    .from(buyerAttestations)
    .where(and(eq(buyerAttestations.adId, adId), eq(buyerAttestations.userId, userId)))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Issue 29: on an ad in the authorisation category, a buyer's first message or offer needs their
 * attestation that they hold, or will obtain before the handover, the purchase authorisation. Given,
 * it is kept (once per ad and buyer) with its wording's version, the time and the address, in the
 * caller's transaction; missing when needed, the request is refused naming the field. Other ads, and
 * buyers who attested before, pass as they are.
 */
export async function requireAttestation(
  tx: Tx,
  request: {
    ad: { id: string; legalCategory: string | null };
    buyerId: string;
    given: boolean | undefined;
    ip: string;
    /** A message continuing a conversation that exists needs none (it was written before). */
    continuing?: boolean;
  },
): Promise<void> {
  if (request.ad.legalCategory !== ATTESTED_CATEGORY) return;
  if (request.given === true) {
    await tx
      .insert(buyerAttestations)
      .values({
        adId: request.ad.id,
        userId: request.buyerId,
        version: BUYER_ATTESTATION_VERSION,
        clientIp: request.ip,
      })
      .onConflictDoNothing();
    return;
  }
  if (request.continuing) return;
  if (!(await attestedAt(tx, request.ad.id, request.buyerId))) throw attestationRequired();
}

/** Issue 29: when the conversation's buyer attested the purchase authorisation for its ad, or null. */
export async function attestationOfConversation(
  db: Database,
  conversationId: string,
): Promise<string | null> {
  const [row] = await queryRows<{ at: string }>(
    db,
    sql`select b.attested_at as at from conversations c
        join buyer_attestations b on b.ad_id = c.ad_id and b.user_id = c.buyer_id
        where c.id = ${conversationId}`,
  );
  return row?.at ?? null;
}
