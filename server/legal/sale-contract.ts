import { eq } from 'drizzle-orm';
import type { SaleContractInput } from '../../common/schemas/deal-contract';
import type { Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { ads } from '../db/schema/ads';
import { dealStatusOf, findDeal } from '../deals/deals';
import { AppError, notFound } from '../errors';
import { enforceRateLimits } from '../http/rate-limit';
import { authorize } from '../policies/policies';
import { renderPdf } from './pdf-layout';
import { CONTRACT_TITLE, type ContractFacts, saleContractBlocks } from './sale-contract-text';

/**
 * Issue 29: the sale contract of a deal, as a PDF. The identity details typed into the form go
 * straight into the document and are dropped with the request: nothing here writes them anywhere
 * (the only write is the rate-limit counter, keyed by the account).
 */

/**
 * A few downloads to fix a typo are normal; each one builds a PDF, so a script looping on it is
 * stopped per account.
 */
export const CONTRACT_LIMITS_PER_ACCOUNT = { max: 30, windowSeconds: 3600 } as const;

/** "contract-vanzare-1a2b3c4d.pdf": the deal's id's first 8 characters, ASCII only. */
export const contractFileName = (dealId: string) => `contract-vanzare-${dealId.slice(0, 8)}.pdf`;

type AdFacts = ContractFacts['ad'];

/** The weapon's details from the ad, or only the title kept with the deal when the ad is gone. */
async function adFacts(db: Database, adId: string | null, title: string): Promise<AdFacts> {
  const none: AdFacts = {
    title,
    category: null,
    legalCategory: null,
    brand: null,
    model: null,
    caliber: null,
    action: null,
  };
  if (!adId) return none;
  const [row] = await db
    .select({
      category: ads.category,
      legalCategory: ads.legalCategory,
      brand: ads.brand,
      model: ads.model,
      caliber: ads.caliber,
      action: ads.action,
    })
    .from(ads)
    .where(eq(ads.id, adId))
    .limit(1);
  return row ? { ...none, ...row } : none;
}

/** The contract of a deal the caller is a side of and that was not denied: its bytes and file name. */
export async function saleContract(
  db: Database,
  viewer: Viewer | null,
  dealId: string,
  parties: SaleContractInput,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const deal = await findDeal(db, dealId);
  if (!deal) throw notFound();
  authorize(viewer, 'deal.contract', deal);
  if (dealStatusOf(deal) === 'denied')
    throw new AppError(409, 'invalid_transition', 'The buyer denied this deal: it has no sale contract.');
  await enforceRateLimits(db, [{ key: `contract:user:${viewer.id}`, ...CONTRACT_LIMITS_PER_ACCOUNT }]);
  const facts: ContractFacts = {
    reference: deal.id.slice(0, 8),
    date: new Date(deal.createdAt),
    price: Number(deal.price),
    ad: await adFacts(db, deal.adId, deal.adTitle),
    parties,
  };
  const pdf = await renderPdf(saleContractBlocks(facts), {
    title: CONTRACT_TITLE,
    subject: `ArmaMarket ${facts.reference}`,
    language: 'ro-RO',
  });
  return { pdf, fileName: contractFileName(deal.id) };
}
