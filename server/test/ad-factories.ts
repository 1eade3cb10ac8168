import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { UploadResult } from '../../common/schemas/ads';
import { canonicalBrand } from '../../common/values';
import { SEARCH_VERSION, searchFields } from '../ads/search-document';
import { ads } from '../db/schema/ads';
import type { TestClient } from './client';
import type { TestContext } from './harness';

let sequence = 0;

export type AdOverrides = Partial<typeof ads.$inferInsert>;

/** An ad written straight into the database, approved unless told otherwise. */
export async function createAd(ctx: TestContext, owner: { id: string }, overrides: AdOverrides = {}) {
  sequence += 1;
  const values = {
    userId: owner.id,
    title: `Pistol de test ${sequence}`,
    description: 'Stare foarte bună, folosit puțin, cu toate actele în regulă.',
    category: 'firearms',
    condition: 'good',
    price: 1000 + sequence,
    location: 'București',
    county: 'B',
    status: 'approved',
    ...overrides,
    // Ads that are or were public were published (approved) once: when made, unless told otherwise.
    publishedAt:
      'publishedAt' in overrides
        ? overrides.publishedAt
        : ['approved', 'sold', 'expired'].includes(overrides.status ?? 'approved')
          ? (overrides.createdAt ?? new Date())
          : null,
    // Stored as the app stores it (server/ads/commands.ts).
    ...(overrides.brand ? { brand: canonicalBrand(overrides.brand) } : {}),
  };
  // The search additions the app makes on every write (server/ads/commands.ts), unless overridden.
  const search = searchFields({
    title: values.title,
    description: values.description,
    brand: values.brand ?? null,
    model: values.model ?? null,
    caliber: values.caliber ?? null,
  });
  const [row] = await ctx.database.db
    .insert(ads)
    .values({ ...search, searchVersion: SEARCH_VERSION, ...values })
    .returning({ id: ads.id, createdAt: ads.createdAt });
  if (!row) throw new Error('createAd inserted nothing');
  return row;
}

export async function approveAd(ctx: TestContext, id: string): Promise<void> {
  await ctx.database.db.update(ads).set({ status: 'approved' }).where(eq(ads.id, id));
}

/** The values of an edit waiting for review (issue 26), for rows written straight into ad_revisions. */
export const REVISION_FIELDS = {
  title: 'Pistol de test, titlu modificat',
  description: 'Stare foarte bună, folosit puțin, cu toate actele în regulă și cutia originală.',
  category: 'firearms',
  subcategory: null,
  condition: 'good',
  price: 1500,
  brand: null,
  model: null,
  caliber: null,
  action: null,
  barrelLength: null,
  capacity: null,
  location: 'București',
  county: 'B',
  legalCategory: 'authorisation',
};

/** A valid ad form as the web app sends it. */
export function adForm(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Carabină CZ 457 .22 LR',
    description: 'Carabină în stare excelentă, cu lunetă și două încărcătoare incluse.',
    category: 'long-guns',
    condition: 'like-new',
    price: '4500.50',
    location: 'Cluj-Napoca',
    county: 'CJ',
    brand: 'CZ',
    model: '457',
    caliber: '.22 LR',
    action: 'bolt',
    subcategory: '',
    imageIds: [],
    // Issue 12: a weapon's legal category and the seller's declaration.
    legalCategory: 'authorisation',
    declaration: true,
    ...overrides,
  };
}

/** A small JPEG made by sharp. */
export function testPhoto(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a6' } })
    .jpeg()
    .toBuffer();
}

/** Sends a multipart upload as the browser would, with the client's cookies. */
export async function sendUpload(
  ctx: TestContext,
  client: TestClient | null,
  bytes: Buffer,
  options: { name?: string; type?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }),
    options.name ?? 'photo.jpg',
  );
  const headers: Record<string, string> = { ...options.headers };
  if (client) {
    headers['x-forwarded-for'] = client.ip;
    if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  const res = await ctx.request('/api/uploads', { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** Uploads a generated photo and returns the result, failing loudly otherwise. */
export async function uploadPhoto(ctx: TestContext, client: TestClient): Promise<UploadResult> {
  const res = await sendUpload(ctx, client, await testPhoto());
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as UploadResult;
}
