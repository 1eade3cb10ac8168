import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adImages } from '../db/schema/ads';
import { MAX_UPLOAD_BYTES } from '../images/process-image';
import { sendUpload, testPhoto } from '../test/ad-factories';
import type { TestClient } from '../test/client';
import { createUser, signedInClient } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import {
  gifJavaScriptPolyglot,
  HTML_PAYLOAD,
  noisyJpeg,
  pngPixelBomb,
  SVG_WITH_SCRIPT,
  zipArchive,
} from '../test/hostile-images';
import { listUploads } from '../test/stored-uploads';

/**
 * The hardening issue's hostile uploads, each sent as a signed-in user through POST /api/uploads:
 * every one is refused with the error shape and a message a person understands, and leaves
 * nothing behind, neither a file in storage nor a row in ad_images.
 */

let ctx: TestContext;
let client: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  client = await signedInClient(ctx, await createUser(ctx));
});
afterAll(() => ctx.close());

/** Every file under the storage root, temporary ones included, relative to it. */
async function storedFiles(): Promise<string[]> {
  const { files, temps } = await listUploads(path.join(ctx.config.dataDir, 'uploads'));
  return [...files, ...temps];
}

async function imageRows(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(adImages);
  return row?.n ?? -1;
}

const MESSAGES = {
  not_an_image: 'The file is not an image',
  unsupported_format: 'This image format is not supported',
  too_large: 'The image is larger than 10 MB',
  too_many_pixels: 'The image has too many pixels',
  corrupt: 'The image file is damaged or incomplete',
  hidden_data: 'The file hides extra data after the picture',
} as const;

type Hostile = {
  name: string;
  file: () => Promise<Buffer> | Buffer;
  fileName: string;
  type: string;
  status: 413 | 415 | 422;
  code: keyof typeof MESSAGES;
};

const HOSTILE: Hostile[] = [
  {
    name: 'an HTML page named photo.jpg and sent as image/jpeg',
    file: () => HTML_PAYLOAD,
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    status: 415,
    code: 'not_an_image',
  },
  {
    name: 'a truncated JPEG',
    file: async () => {
      const jpeg = await noisyJpeg();
      return jpeg.subarray(0, Math.floor(jpeg.length / 2));
    },
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    status: 422,
    code: 'corrupt',
  },
  {
    name: 'an SVG with a script',
    file: () => SVG_WITH_SCRIPT,
    fileName: 'drawing.svg',
    type: 'image/svg+xml',
    status: 415,
    code: 'unsupported_format',
  },
  {
    name: 'an SVG with a script renamed photo.jpg',
    file: () => SVG_WITH_SCRIPT,
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    status: 415,
    code: 'unsupported_format',
  },
  {
    name: 'a pixel bomb: a PNG of a few bytes declaring 100000×100000 pixels',
    file: () => pngPixelBomb(100_000, 100_000),
    fileName: 'photo.png',
    type: 'image/png',
    status: 422,
    code: 'too_many_pixels',
  },
  {
    name: 'a polyglot: a real JPEG with an HTML page appended',
    file: async () => Buffer.concat([await noisyJpeg(), HTML_PAYLOAD]),
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    status: 422,
    code: 'hidden_data',
  },
  {
    name: 'a polyglot: a real JPEG with a ZIP archive appended',
    file: async () => Buffer.concat([await noisyJpeg(), zipArchive('index.html', HTML_PAYLOAD.toString())]),
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    status: 422,
    code: 'hidden_data',
  },
  {
    name: 'the GIF/JavaScript polyglot',
    file: gifJavaScriptPolyglot,
    fileName: 'photo.gif',
    type: 'image/gif',
    status: 422,
    code: 'hidden_data',
  },
  {
    name: 'a file one byte over 10 MB, under the body limit',
    file: async () => {
      const photo = await testPhoto();
      return Buffer.concat([photo, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - photo.length)]);
    },
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    status: 413,
    code: 'too_large',
  },
  {
    name: 'a 50 MB file, cut off while it streams in',
    file: async () => {
      const photo = await testPhoto();
      return Buffer.concat([photo, Buffer.alloc(50 * 1024 * 1024 - photo.length, 0x41)]);
    },
    fileName: 'photo.jpg',
    type: 'image/jpeg',
    status: 413,
    code: 'too_large',
  },
];

describe('POST /api/uploads refuses hostile files and stores nothing', () => {
  it.each(HOSTILE)('refuses $name', async ({ file, fileName, type, status, code }) => {
    const res = await sendUpload(ctx, client, await file(), { name: fileName, type });

    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code, message: MESSAGES[code] } });
    expect(await storedFiles()).toEqual([]);
    expect(await imageRows()).toBe(0);
  });

  it('refuses a 50 MB file from its declared size alone', async () => {
    const res = await sendUpload(ctx, client, await testPhoto(), {
      headers: { 'content-length': String(50 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { code: 'too_large', message: MESSAGES.too_large } });
    expect(await storedFiles()).toEqual([]);
    expect(await imageRows()).toBe(0);
  });

  // Last, and it must pass: it shows that the checks above would see a stored file and a row.
  it('still takes a real JPEG afterwards', async () => {
    const res = await sendUpload(ctx, client, await noisyJpeg());
    expect(res.status).toBe(201);
    const files = await storedFiles();
    expect(files).toHaveLength(4);
    expect(files.every((file) => file.startsWith(`ads${path.sep}`))).toBe(true);
    expect(await imageRows()).toBe(1);
  });
});
