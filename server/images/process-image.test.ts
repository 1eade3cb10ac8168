import sharp, { type Color } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  gifJavaScriptPolyglot,
  HTML_PAYLOAD,
  noisyJpeg,
  pngChunk,
  pngPixelBomb,
  zipArchive,
} from '../test/hostile-images';
import {
  findImageEnd,
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

  it('refuses a crafted PNG declaring 100000×100000 pixels from its header alone', async () => {
    const bomb = pngPixelBomb();
    expect(bomb.length).toBeLessThan(100);
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
    expect(new ImageRejectedError('hidden_data')).toMatchObject({
      status: 422,
      message: 'The file hides extra data after the picture',
    });
    expect(new ImageRejectedError('corrupt')).toBeInstanceOf(Error);
  });
});

const EOI = Buffer.from([0xff, 0xd9]);
const ZIP = zipArchive('readme.html', HTML_PAYLOAD.toString());

/** An EXIF TIFF directory entry holding one SHORT (type 3) or LONG (type 4) value. */
function exifEntry(tiff: Buffer, at: number, tag: number, type: 3 | 4, value: number) {
  tiff.writeUInt16LE(tag, at);
  tiff.writeUInt16LE(type, at + 2);
  tiff.writeUInt32LE(1, at + 4);
  if (type === 3) tiff.writeUInt16LE(value, at + 8);
  else tiff.writeUInt32LE(value, at + 8);
}

/** A camera-style JPEG: an APP1 EXIF block right after SOI carries a JPEG thumbnail, with its own FFD9. */
async function jpegWithExifThumbnail(): Promise<Buffer> {
  const thumbnail = await solid(32, 24, BLUE).jpeg().toBuffer();
  const tiff = Buffer.alloc(56);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0 at 8: Orientation 1, then the offset of IFD1.
  tiff.writeUInt16LE(1, 8);
  exifEntry(tiff, 10, 0x0112, 3, 1);
  tiff.writeUInt32LE(26, 22);
  // IFD1 at 26: where the thumbnail starts (right after this directory) and its length.
  tiff.writeUInt16LE(2, 26);
  exifEntry(tiff, 28, 0x0201, 4, 56);
  exifEntry(tiff, 40, 0x0202, 4, thumbnail.length);
  tiff.writeUInt32LE(0, 52);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff, thumbnail]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  const main = await solid(200, 150).jpeg().toBuffer();
  return Buffer.concat([main.subarray(0, 2), app1, payload, main.subarray(2)]);
}

/** Marker segments by hand: [marker, payload] pairs, each given its length. */
function jpegSegments(...segments: Array<[number, Buffer | number[]]>): Buffer {
  return Buffer.concat(
    segments.map(([marker, payload]) => {
      const head = Buffer.from([0xff, marker, 0, 0]);
      head.writeUInt16BE(payload.length + 2, 2);
      return Buffer.concat([head, Buffer.from(payload)]);
    }),
  );
}

describe('processUpload hidden data after the picture (polyglots)', () => {
  it('refuses a JPEG with an HTML page or a ZIP archive after its end', async () => {
    const jpeg = await noisyJpeg();
    expect(await rejectionOf(Buffer.concat([jpeg, HTML_PAYLOAD]))).toBe('hidden_data');
    expect(await rejectionOf(Buffer.concat([jpeg, ZIP]))).toBe('hidden_data');
    // A single stray byte is enough.
    expect(await rejectionOf(Buffer.concat([jpeg, Buffer.from([0x01])]))).toBe('hidden_data');
    // Without the polyglot check sharp would take these: the picture itself is intact.
    expect((await sharp(Buffer.concat([jpeg, ZIP])).metadata()).format).toBe('jpeg');
  });

  it('refuses a PNG with a script after IEND', async () => {
    const png = await solid(60, 40).png().toBuffer();
    expect(await rejectionOf(Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]))).toBe(
      'hidden_data',
    );
  });

  it('refuses a WebP with data beyond its RIFF size, or a RIFF size stretched over it', async () => {
    const webp = await solid(60, 40).webp().toBuffer();
    expect(await rejectionOf(Buffer.concat([webp, HTML_PAYLOAD]))).toBe('hidden_data');
    const stretched = Buffer.concat([webp, HTML_PAYLOAD]);
    stretched.writeUInt32LE(stretched.length - 8, 4);
    expect(await rejectionOf(stretched)).toBe('corrupt');
  });

  it('refuses an AVIF with data after its last box', async () => {
    const avif = await solid(60, 40).avif().toBuffer();
    expect(await rejectionOf(Buffer.concat([avif, ZIP]))).toBe('hidden_data');
  });

  it('refuses the classic GIF/JavaScript polyglot, and the naive one as damaged', async () => {
    const polyglot = await gifJavaScriptPolyglot();
    expect(polyglot.toString('latin1', 0, 8)).toBe('GIF89a/*');
    expect((await sharp(polyglot).metadata()).format).toBe('gif');
    expect(await rejectionOf(polyglot)).toBe('hidden_data');

    const naive = Buffer.from('GIF89a/*\n\0\0\0\0*/=alert(1);\n', 'latin1');
    expect(await rejectionOf(naive)).toBe('corrupt');
  });

  it('accepts a JPEG whose EXIF thumbnail has its own end marker', async () => {
    const input = await jpegWithExifThumbnail();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    // A naive search for FFD9 stops at the thumbnail's and would call the main picture hidden data.
    expect(input.indexOf(EOI)).toBeLessThan(input.length - 2);
    expect(findImageEnd(input, 'jpeg')).toBe(input.length);
    const result = await processUpload(input);
    expect([result.width, result.height]).toEqual([200, 150]);
    // The main picture is red, the thumbnail blue: the right one was decoded.
    expect(await colourAt(variant(result.variants, 'card', 'jpeg').data, 100, 75)).toBe('red');

    expect(await rejectionOf(Buffer.concat([input, HTML_PAYLOAD]))).toBe('hidden_data');
  });

  it('accepts a progressive JPEG, with its many scans', async () => {
    const input = await noisyJpeg({ progressive: true });
    expect((await sharp(input).metadata()).isProgressive).toBe(true);
    let scans = 0;
    for (
      let at = input.indexOf(Buffer.from([0xff, 0xda]));
      at >= 0;
      at = input.indexOf(Buffer.from([0xff, 0xda]), at + 2)
    ) {
      scans++;
    }
    expect(scans).toBeGreaterThan(2);
    expect(findImageEnd(input, 'jpeg')).toBe(input.length);
    expect((await processUpload(input)).width).toBe(320);
    expect(await rejectionOf(Buffer.concat([input, ZIP]))).toBe('hidden_data');
  });

  it('accepts a baseline JPEG whose compressed data holds stuffed FF00 bytes', async () => {
    const input = await noisyJpeg();
    const scanStart = input.indexOf(Buffer.from([0xff, 0xda]));
    expect(input.indexOf(Buffer.from([0xff, 0x00]), scanStart)).toBeGreaterThan(scanStart);
    expect(findImageEnd(input, 'jpeg')).toBe(input.length);
    expect((await processUpload(input)).width).toBe(320);
  });

  it('accepts zero padding after the end, as some encoders write', async () => {
    const padding = Buffer.alloc(4096);
    for (const input of [
      await noisyJpeg(),
      await solid(60, 40).png().toBuffer(),
      await solid(60, 40).webp().toBuffer(),
      await solid(60, 40).gif().toBuffer(),
      await solid(60, 40).avif().toBuffer(),
    ]) {
      const result = await processUpload(Buffer.concat([input, padding]));
      expect(result.width).toBeGreaterThan(0);
    }
  });

  it('accepts a PNG whose text chunk spells IEND', async () => {
    const png = await solid(60, 40).png().toBuffer();
    const afterHeader = 8 + 25;
    const text = pngChunk('tEXt', Buffer.from('Comment\0IEND\xaeB`\x82 is only text here', 'latin1'));
    const input = Buffer.concat([png.subarray(0, afterHeader), text, png.subarray(afterHeader)]);
    expect(findImageEnd(input, 'png')).toBe(input.length);
    expect((await processUpload(input)).width).toBe(60);
  });

  it('refuses a truncated PNG as damaged', async () => {
    const png = await solid(300, 200, { r: 10, g: 200, b: 30 }).png().toBuffer();
    expect(await rejectionOf(png.subarray(0, png.length - 12))).toBe('corrupt');
  });
});

describe('findImageEnd', () => {
  it('walks JPEG segments and scans: lengths, FF00 stuffing, restart markers and fill bytes', () => {
    const input = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      // An APP segment that happens to contain an end marker.
      jpegSegments([0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9, 0x00]], [0xdd, [0x00, 0x01]]),
      jpegSegments([0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]]),
      // Entropy-coded data: a stuffed FF, restart markers, then a fill byte before EOI.
      Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78, 0xff, 0xff, 0xd9]),
    ]);
    expect(findImageEnd(input, 'jpeg')).toBe(input.length);
    expect(findImageEnd(Buffer.concat([input, HTML_PAYLOAD, EOI]), 'jpeg')).toBe(input.length);
  });

  it('calls a JPEG damaged when it ends inside a segment or a scan, or has no EOI', () => {
    const head = Buffer.concat([Buffer.from([0xff, 0xd8]), jpegSegments([0xdb, Buffer.alloc(65)])]);
    const scan = Buffer.concat([
      head,
      jpegSegments([0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]]),
      Buffer.from([1, 2, 3]),
    ]);
    for (const input of [head.subarray(0, 20), head, scan, Buffer.concat([scan, Buffer.from([0xff])])]) {
      expect(() => findImageEnd(input, 'jpeg')).toThrow(ImageRejectedError);
    }
  });

  it('has no end for TIFF, whose parts are found by offsets anywhere in the file', async () => {
    const tiff = await solid(20, 20).tiff().toBuffer();
    expect(findImageEnd(tiff, 'tiff')).toBeNull();
  });
});
