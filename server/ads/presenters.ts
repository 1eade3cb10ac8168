import type { LegalCategory } from '../../common/legal';
import type { AdCard, AdDetail, AdImage, UploadResult } from '../../common/schemas/ads';
import type { AdStatus, Category, Condition } from '../../common/values';
import { cardScoreOf } from '../deals/score';
import { imageUrls } from '../images/store-image';
import type { Storage } from '../storage/storage';

/** The columns an ad card shows, as the queries select them. */
export type AdCardRow = {
  id: string;
  title: string;
  category: string;
  condition: string;
  price: number;
  location: string;
  county: string | null;
  caliber: string | null;
  caliberId: string | null;
  action: string | null;
  featured: boolean;
  status: string;
  createdAt: Date;
  /** When last approved (issue 26); null while never public. */
  publishedAt: Date | null;
  legalCategory: string;
  sellerDealer: boolean;
  /** Issue 28: an accepted offer holds it. */
  reserved: boolean;
  /** Issue 28: the seller's rating summary (server/deals/score.ts), null without one. */
  sellerRatingCount: number | null;
  sellerRatingTotal: number | null;
};

export type AdDetailRow = AdCardRow & {
  userId: string;
  description: string;
  subcategory: string | null;
  brand: string | null;
  model: string | null;
  barrelLength: number | null;
  capacity: number | null;
  moderationReason: string | null;
  updatedAt: Date;
  expiresAt: Date;
  soldAt: Date | null;
};

export type ImageRow = { id: string; storageKey: string };

export function presentImage(storage: Storage, image: ImageRow): AdImage {
  return { id: image.id, ...imageUrls(storage, image.storageKey) };
}

export function presentUpload(
  storage: Storage,
  image: ImageRow & { width: number; height: number },
): UploadResult {
  return { ...presentImage(storage, image), width: image.width, height: image.height };
}

// The database's check constraints hold these to the value sets.
const asCategory = (value: string) => value as Category;
const asCondition = (value: string) => value as Condition;
const asStatus = (value: string) => value as AdStatus;

export function presentCard(row: AdCardRow, image: AdImage | null): AdCard {
  return {
    id: row.id,
    title: row.title,
    category: asCategory(row.category),
    condition: asCondition(row.condition),
    price: Number(row.price),
    location: row.location,
    county: row.county as AdCard['county'],
    caliber: row.caliber,
    caliberId: row.caliberId as AdCard['caliberId'],
    action: row.action,
    featured: row.featured,
    status: asStatus(row.status),
    legalCategory: row.legalCategory as LegalCategory,
    sellerDealer: row.sellerDealer,
    createdAt: new Date(row.createdAt).toISOString(),
    publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    image,
    reserved: row.reserved === true,
    sellerScore: cardScoreOf(row.sellerRatingCount, row.sellerRatingTotal),
  };
}

export function presentDetail(
  row: AdDetailRow,
  images: AdImage[],
  seller: AdDetail['seller'],
  revision: AdDetail['revision'],
  can: AdDetail['can'],
  // The price insight and history are queries of their own (server/ads/detail.ts adds them).
): Omit<AdDetail, 'priceInsight' | 'priceHistory'> {
  return {
    ...presentCard(row, images[0] ?? null),
    userId: row.userId,
    description: row.description,
    subcategory: row.subcategory,
    brand: row.brand,
    model: row.model,
    barrelLength: row.barrelLength,
    capacity: row.capacity,
    images,
    updatedAt: new Date(row.updatedAt).toISOString(),
    seller,
    moderationReason: row.moderationReason,
    expiresAt: new Date(row.expiresAt).toISOString(),
    soldAt: row.soldAt ? new Date(row.soldAt).toISOString() : null,
    revision,
    can,
  };
}
