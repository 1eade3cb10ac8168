import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '../../common/schemas/ads';
import { adImages } from '../db/schema/ads';
import { sendUpload, testPhoto } from '../test/ad-factories';
import type { TestClient } from '../test/client';
import { createUser, signedInClient, type TestUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { UPLOADS_PER_HOUR } from './uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ErrorBody = { error: { code: string; message: string } };

async function uploader(): Promise<{ user: TestUser; client: TestClient }> {
  const user = await createUser(ctx);
  return { user, client: await signedInClient(ctx, user) };
}

/** Files stored for a user (their uploads live under ads/{userId}/). */
async function filesOf(userId: string): Promise<string[]> {
  try {
    const dir = path.join(ctx.config.dataDir, 'uploads', 'ads', userId);
    return (await readdir(dir, { recursive: true })).filter((name) => name.includes('.'));
  } catch {
    return [];
  }
}
const rowsOf = (userId: string) => ctx.database.db.select().from(adImages).where(eq(adImages.userId, userId));

describe('POST /api/uploads', () => {
  it('stores the display variants and records an unattached upload', async () => {
    const { user, client } = await uploader();
    const res = await sendUpload(ctx, client, await testPhoto(2000, 1500));
    expect(res.status).toBe(201);
    const body = res.body as UploadResult;
    expect(body).toMatchObject({ width: 2000, height: 1500 });
    expect(body.card).toMatch(new RegExp(`^/media/ads/${user.id}/\\d+-[0-9a-f]{16}/card\\.webp$`));
    expect(body.largeJpeg).toMatch(/\/large\.jpg$/);
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ id: body.id, adId: null, userId: user.id, width: 2000, height: 1500 });
    expect((await filesOf(user.id)).sort()).toHaveLength(4);

    const media = await ctx.request(body.large);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/webp');
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await media.arrayBuffer())).metadata()).width).toBe(1600);
  });

  it.each([
    ['a text file', Buffer.from('just some text, not a picture'), 415, 'not_an_image'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      'unsupported_format',
    ],
    ['a truncated JPEG', 'truncated', 422, 'corrupt'],
  ] as const)('refuses %s with the error shape and stores nothing', async (_name, input, status, code) => {
    const { user, client } = await uploader();
    const bytes = input === 'truncated' ? (await testPhoto()).subarray(0, 600) : input;
    const res = await sendUpload(ctx, client, bytes);
    expect(res.status).toBe(status);
    expect((res.body as ErrorBody).error.code).toBe(code);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await filesOf(user.id)).toEqual([]);
  });

  it('asks for the file field', async () => {
    const { client } = await uploader();
    const form = new FormData();
    form.append('picture', 'nope');
    const res = await ctx.request('/api/uploads', {
      method: 'POST',
      body: form,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toEqual({
      code: 'validation_error',
      message: 'file: Choose an image file to upload',
    });
  });

  it('refuses a 50 MB upload from its declared size, before reading it', async () => {
    const { user, client } = await uploader();
    const res = await sendUpload(ctx, client, await testPhoto(), {
      headers: { 'content-length': String(50 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect((res.body as ErrorBody).error.code).toBe('too_large');
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses a body that grows past the limit while streaming in', async () => {
    const { user, client } = await uploader();
    const huge = Buffer.alloc(11 * 1024 * 1024, 1);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < huge.length; offset += 1024 * 1024) {
          controller.enqueue(new Uint8Array(huge.subarray(offset, offset + 1024 * 1024)));
        }
        controller.close();
      },
    });
    const res = await ctx.request('/api/uploads', {
      method: 'POST',
      body: stream,
      headers: {
        'content-type': 'multipart/form-data; boundary=xyz',
        'transfer-encoding': 'chunked',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('asks visitors to sign in', async () => {
    const res = await sendUpload(ctx, null, await testPhoto());
    expect(res.status).toBe(401);
  });

  it(`allows ${UPLOADS_PER_HOUR} uploads per user and hour`, async () => {
    const { user, client } = await uploader();
    await ctx.database.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${`upload:user:${user.id}`}, ${UPLOADS_PER_HOUR - 1}, now() + interval '1 hour')`);
    expect((await sendUpload(ctx, client, await testPhoto())).status).toBe(201);
    const refused = await sendUpload(ctx, client, await testPhoto());
    expect(refused.status).toBe(429);
    expect((refused.body as ErrorBody).error.code).toBe('rate_limited');
    expect(await rowsOf(user.id)).toHaveLength(1);
    // Another user is not affected.
    expect((await sendUpload(ctx, (await uploader()).client, await testPhoto())).status).toBe(201);
  });
});

describe('GET /media/*', () => {
  it('answers 404 for unknown or malformed keys', async () => {
    expect((await ctx.request('/media/ads/nobody/1-abc/card.webp')).status).toBe(404);
    expect((await ctx.request('/media/../../etc/passwd')).status).toBe(404);
    expect((await ctx.request('/media/ads/%2e%2e/x.jpg')).status).toBe(404);
  });
});
