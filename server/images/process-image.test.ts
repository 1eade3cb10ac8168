import sharp, { type Color } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ImageRejectedError,
  type ImageRejectionCode,
  type ImageVariant,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  processUpload,
} from './process-image';

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

function solid(width: number, height: number, background: Color = RED) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A landscape photo, red on the left and blue on the right, so that the rotation can be checked. */
async function halves(width: number, height: number) {
  const right = await solid(width / 2, height, BLUE)
    .png()
    .toBuffer();
  return solid(width, height).composite([{ input: right, left: width / 2, top: 0 }]);
}

/** A phone-style JPEG: stored sideways with Orientation 6, carrying GPS, a camera make and XMP. */
async function phoneJpeg() {
  const withGps = await (await halves(400, 300))
    .jpeg()
    .withExif({
      IFD0: { Make: 'ArmoryTestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 25/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '26/1 6/1 0/1',
      },
    })
    .toBuffer();
  // withExif cannot set Orientation; withMetadata sets it and keeps the EXIF written above.
  return sharp(withGps)
    .withMetadata({ orientation: 6 })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
    .jpeg()
    .toBuffer();
}

async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset] ?? -1, g: data[offset + 1] ?? -1, b: data[offset + 2] ?? -1 };
}

/** Names a pixel's colour, with room for lossy compression. */
async function colourAt(image: Buffer, x: number, y: number): Promise<'red' | 'blue' | 'white' | 'other'> {
  const { r, g, b } = await pixelAt(image, x, y);
  if (r > 230 && g < 30 && b < 30) return 'red';
  if (r < 30 && g < 30 && b > 230) return 'blue';
  if (r > 245 && g > 245 && b > 245) return 'white';
  return 'other';
}

function variant(variants: ImageVariant[], name: ImageVariant['name'], format: ImageVariant['format']) {
  const found = variants.find((v) => v.name === name && v.format === format);
  if (!found) throw new Error(`no ${name} ${format}`);
  return found;
}

async function rejectionOf(input: Buffer): Promise<ImageRejectionCode> {
  const err = await processUpload(input).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ImageRejectedError))
    throw new Error(`expected an ImageRejectedError, got ${String(err)}`);
  return err.code;
}

describe('processUpload metadata and orientation', () => {
  it('turns a sideways phone photo upright and strips EXIF, GPS, XMP and ICC from every variant', async () => {
    const input = await phoneJpeg();
    const source = await sharp(input).metadata();
    expect(source.orientation).toBe(6);
    expect(source.exif?.toString('latin1')).toContain('ArmoryTestCam');
    expect(source.xmp).toBeDefined();

    const result = await processUpload(input);

    expect({ width: result.width, height: result.height }).toEqual({ width: 300, height: 400 });
    expect(result.variants).toHaveLength(4);
    for (const v of result.variants) {
      const meta = await sharp(v.data).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 400 });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(v.data.includes('ArmoryTestCam')).toBe(false);
    }
    // Orientation 6 means "turn 90° clockwise": the left (red) half ends up on top.
    const large = variant(result.variants, 'large', 'jpeg').data;
    expect(await colourAt(large, 150, 40)).toBe('red');
    expect(await colourAt(large, 150, 360)).toBe('blue');
  });

  it('converts an embedded colour profile to plain sRGB and drops the profile', async () => {
    const p3 = await solid(64, 48).withIccProfile('p3').jpeg({ quality: 100 }).toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();

    const result = await processUpload(p3);

    const webp = variant(result.variants, 'card', 'webp').data;
    expect((await sharp(webp).metadata()).icc).toBeUndefined();
    // Read without the conversion, the P3 pixels would be about (234, 51, 35): not red by colourAt.
    expect(await colourAt(webp, 10, 10)).toBe('red');
  });
});

describe('processUpload sizes and formats', () => {
  it('makes a 640px card and a 1600px large view, each as WebP and progressive JPEG', async () => {
    const result = await processUpload(await solid(3000, 2000).jpeg().toBuffer());

    const sizes = result.variants.map((v) => [v.name, v.format, v.width, v.height, v.contentType]);
    expect(sizes).toEqual([
      ['card', 'webp', 640, 427, 'image/webp'],
      ['card', 'jpeg', 640, 427, 'image/jpeg'],
      ['large', 'webp', 1600, 1067, 'image/webp'],
      ['large', 'jpeg', 1600, 1067, 'image/jpeg'],
    ]);
    for (const v of result.variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe(v.format);
      expect({ width: meta.width, height: meta.height }).toEqual({ width: v.width, height: v.height });
      if (v.format === 'jpeg') expect(meta.isProgressive).toBe(true);
    }
  });

  it('never enlarges a small picture', async () => {
    const result = await processUpload(await solid(200, 150).png().toBuffer());
    for (const v of result.variants) expect([v.width, v.height]).toEqual([200, 150]);
    expect([result.width, result.height]).toEqual([200, 150]);
  });

  it('caps the height of a very tall strip at twice the width', async () => {
    const result = await processUpload(await solid(1000, 5000).png().toBuffer());
    expect(variant(result.variants, 'card', 'webp')).toMatchObject({ width: 256, height: 1280 });
    expect(variant(result.variants, 'large', 'webp')).toMatchObject({ width: 640, height: 3200 });
  });

  it('takes the first frame of an animated image', async () => {
    const red = await solid(50, 40, RED).png().toBuffer();
    const blue = await solid(50, 40, BLUE).png().toBuffer();
    for (const animated of [
      await sharp([red, blue], { join: { animated: true } })
        .gif()
        .toBuffer(),
      await sharp([red, blue], { join: { animated: true } })
        .webp()
        .toBuffer(),
    ]) {
      expect((await sharp(animated).metadata()).pages).toBe(2);
      const result = await processUpload(animated);
      const card = variant(result.variants, 'card', 'webp');
      expect([card.width, card.height]).toEqual([50, 40]);
      expect((await sharp(card.data).metadata()).pages).toBeUndefined();
      expect(await colourAt(card.data, 25, 20)).toBe('red');
    }
  });

  it('accepts PNG, WebP, GIF, TIFF and AVIF', async () => {
    const base = solid(120, 90);
    for (const input of [
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().tiff().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const result = await processUpload(input);
      expect(result.variants.map((v) => v.width)).toEqual([120, 120, 120, 120]);
    }
  });

  it('lays transparency on white in the JPEG and keeps it in the WebP', async () => {
    const clear = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processUpload(clear);
    expect(await pixelAt(variant(result.variants, 'card', 'jpeg').data, 10, 10)).toEqual({
      r: 255,
      g: 255,
      b: 255,
    });
    expect((await sharp(variant(result.variants, 'card', 'webp').data).metadata()).hasAlpha).toBe(true);
  });
});

describe('processUpload refusals', () => {
  it('refuses a text file, whatever it is called', async () => {
    expect(await rejectionOf(Buffer.from('holiday-photo.jpg: not really a photo\n'))).toBe('not_an_image');
    expect(await rejectionOf(Buffer.alloc(0))).toBe('not_an_image');
  });

  it('refuses SVG, which can carry script', async () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    expect(await rejectionOf(Buffer.from(svg))).toBe('unsupported_format');
    expect(await rejectionOf(Buffer.from(`\uFEFF  ${svg.slice(svg.indexOf('<svg'))}`))).toBe(
      'unsupported_format',
    );
  });

  it('refuses a PDF as an unsupported format', async () => {
    expect(await rejectionOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe('unsupported_format');
  });

  it('refuses a truncated JPEG as damaged', async () => {
    const noise = { type: 'gaussian', mean: 128, sigma: 30 } as const;
    const full = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise } })
      .jpeg()
      .toBuffer();
    expect(await rejectionOf(full.subarray(0, Math.floor(full.length / 2)))).toBe('corrupt');
  });

  it('refuses image magic followed by garbage as damaged', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 7),
    ]);
    expect(await rejectionOf(fake)).toBe('corrupt');
  });

  it('refuses more than 10 MB before looking at the bytes', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(await rejectionOf(big)).toBe('too_large');
  });

  it('refuses a pixel bomb: a small file declaring a huge picture', async () => {
    const bomb = await solid(8000, 8000, { r: 255, g: 255, b: 255 }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(8000 * 8000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(await rejectionOf(bomb)).toBe('too_many_pixels');
  });

  it('gives each refusal a clear English message and an HTTP status', () => {
    expect(new ImageRejectedError('too_large')).toMatchObject({
      status: 413,
      code: 'too_large',
      message: 'The image is larger than 10 MB',
    });
    expect(new ImageRejectedError('not_an_image').message).toBe('The file is not an image');
    expect(new ImageRejectedError('corrupt').message).toBe('The image file is damaged or incomplete');
    expect(new ImageRejectedError('too_many_pixels').message).toBe('The image has too many pixels');
    expect(new ImageRejectedError('unsupported_format').message).toBe('This image format is not supported');
    expect(new ImageRejectedError('corrupt')).toBeInstanceOf(Error);
  });
});
