import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '../errors';
import { createLimiter } from '../limiter';
import { hashPixels } from '../scam/photo-hash';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: above any phone camera, far below what would exhaust memory while decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageRejectionCode =
  | 'not_an_image'
  | 'unsupported_format'
  | 'too_large'
  | 'too_many_pixels'
  | 'corrupt'
  | 'hidden_data';

const REJECTIONS: Record<ImageRejectionCode, { status: 413 | 415 | 422; message: string }> = {
  not_an_image: { status: 415, message: 'The file is not an image' },
  unsupported_format: { status: 415, message: 'This image format is not supported' },
  too_large: { status: 413, message: 'The image is larger than 10 MB' },
  too_many_pixels: { status: 422, message: 'The image has too many pixels' },
  corrupt: { status: 422, message: 'The image file is damaged or incomplete' },
  hidden_data: { status: 422, message: 'The file hides extra data after the picture' },
};

/** An upload we refuse; being an AppError, a route can let it propagate to the error shape. */
export class ImageRejectedError extends AppError {
  declare readonly code: ImageRejectionCode;

  constructor(code: ImageRejectionCode) {
    super(REJECTIONS[code].status, code, REJECTIONS[code].message);
    this.name = 'ImageRejectedError';
  }
}

export type VariantName = 'card' | 'large';
export type VariantFormat = 'webp' | 'jpeg';

export type ImageVariant = {
  name: VariantName;
  format: VariantFormat;
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp' | 'image/jpeg';
};

/**
 * The display variants plus the size of the upright original, and its perceptual hash (issue 30:
 * reused photos are found by it, server/scam/photo-hash.ts).
 */
export type ProcessedImage = {
  variants: ImageVariant[];
  width: number;
  height: number;
  /** Null for a picture without structure (one colour), which matches nothing. */
  hash: bigint | null;
};

export type AllowedFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'heif';

/** Widths the site shows; height is capped at twice the width so a freak strip stays small. */
const SIZES: ReadonlyArray<{ name: VariantName; maxWidth: number }> = [
  { name: 'card', maxWidth: 640 },
  { name: 'large', maxWidth: 1600 },
];
const LARGEST = 1600;

const INPUT_OPTIONS: SharpOptions = {
  // 'error' refuses truncated and broken pixel data yet tolerates the harmless warnings phones produce.
  failOn: 'error',
  limitInputPixels: MAX_INPUT_PIXELS,
  // Animated GIF/WebP: only the first frame.
  pages: 1,
  page: 0,
};

/**
 * Turns an untrusted upload into the display variants: the format is decided from the bytes alone,
 * the picture is turned upright from EXIF, and no metadata (EXIF with GPS, XMP, IPTC, ICC) survives.
 */
export async function processUpload(input: Buffer): Promise<ProcessedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError('too_large');
  const format = sniffAllowedFormat(input);
  const { width, height } = await readUprightSize(input, format);
  // After the header checks, so a pixel bomb is still named as one; before the costly decode.
  refuseHiddenData(input, format);
  const { variants, hash } = await oneAtATime(async () => {
    const pixels = await decodeUpright(input);
    const encoded: ImageVariant[] = [];
    for (const size of SIZES) encoded.push(...(await encodeSize(pixels, size)));
    // From the same normalized pixels the variants are made of: upright, sRGB, no metadata.
    return { variants: encoded, hash: await hashPixels(pixels) };
  });
  return { variants, width, height, hash };
}

/**
 * Decoding and encoding run on libuv's thread pool, which also compresses every response and
 * checks session cookies. One upload at a time, its variants one after another, leaves the pool's
 * other threads to the readers (bench:load: reads' p99 stayed over 250 ms while uploads encoded
 * four variants at once). An upload waits a little longer instead.
 */
const oneAtATime = createLimiter(1);

function sniffAllowedFormat(input: Buffer): AllowedFormat {
  const format = sniffRasterFormat(input);
  if (format) return format;
  if (looksLikeKnownOtherFormat(input)) throw new ImageRejectedError('unsupported_format');
  throw new ImageRejectedError('not_an_image');
}

const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

function sniffRasterFormat(input: Buffer): AllowedFormat | null {
  const head = input.toString('latin1', 0, 12);
  if (head.startsWith('\xff\xd8\xff')) return 'jpeg';
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'png';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (['II*\0', 'MM\0*', 'II+\0', 'MM\0+'].some((magic) => head.startsWith(magic))) return 'tiff';
  if (head.slice(4, 8) === 'ftyp' && HEIF_BRANDS.has(head.slice(8, 12))) return 'heif';
  return null;
}

/** Formats people do upload that we do not take (SVG can carry script), so they get the clearer message. */
function looksLikeKnownOtherFormat(input: Buffer): boolean {
  const head = input.toString('latin1', 0, 12);
  const isBmp = head.startsWith('BM') && input.length >= 14 && input.readUInt32LE(6) === 0;
  const isJpeg2000OrJxl = head.startsWith('\0\0\0\x0cjP  ') || head.startsWith('\0\0\0\x0cJXL ');
  const otherMagic = ['%PDF-', '8BPS', '\xff\x0a'].some((magic) => head.startsWith(magic));
  return isBmp || isJpeg2000OrJxl || otherMagic || isSvg(input);
}

function isSvg(input: Buffer): boolean {
  const text = input
    .toString('utf8', 0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return text.startsWith('<') && text.includes('<svg');
}

async function readUprightSize(input: Buffer, format: AllowedFormat) {
  const metadata = await sharp(input, INPUT_OPTIONS)
    .metadata()
    .catch((err: unknown) => {
      throw rejectionForSharpError(err);
    });
  // sharp judges the bytes again on its own; both must agree on an allowed raster format.
  if (metadata.format !== format) throw new ImageRejectedError('unsupported_format');
  // The prebuilt libvips decodes AVIF only: HEVC (HEIC) is left out for patent reasons.
  if (format === 'heif' && metadata.compression !== 'av1') throw new ImageRejectedError('unsupported_format');
  if (!metadata.width || !metadata.height) throw new ImageRejectedError('corrupt');
  // sharp checks the header against limitInputPixels already; this is the backstop.
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('too_many_pixels');
  return metadata.autoOrient;
}

/**
 * Refuses a polyglot: a picture that decodes fine yet carries something else after its last byte
 * (an HTML page, a script, a ZIP archive), so that the same file means another thing to a browser
 * or an unzipper. We only ever store what sharp re-encodes, so such a payload would not be served;
 * refusing the file anyway keeps smuggled content out and tells the sender why.
 *
 * Trailing 0x00 bytes are tolerated: some encoders and transfer tools pad files with them.
 * Camera files that put a second picture or a video after the JPEG (MPF previews, Motion Photos)
 * are refused too when sent straight to the API; the web app crops every photo on a canvas and
 * uploads that plain JPEG, so its users never send one.
 */
function refuseHiddenData(input: Buffer, format: AllowedFormat): void {
  const end = findImageEnd(input, format);
  if (end === null) return;
  for (let i = end; i < input.length; i++) {
    if (input[i] !== 0) throw new ImageRejectedError('hidden_data');
  }
}

/**
 * Where the picture's bytes end, found by walking the format's own structure rather than by
 * searching for an end marker: an EXIF thumbnail inside a JPEG holds an FFD9 of its own, and
 * compressed data can contain any byte sequence. A structure that runs past the end of the file
 * (a truncated transfer) is refused as damaged. null for TIFF: its directories and strips are found
 * by offsets anywhere in the file, so the format has no end to check. Exported for its tests.
 */
export function findImageEnd(input: Buffer, format: AllowedFormat): number | null {
  switch (format) {
    case 'jpeg':
      return jpegEnd(input);
    case 'png':
      return pngEnd(input);
    case 'gif':
      return gifEnd(input);
    case 'webp':
      return webpEnd(input);
    case 'heif':
      return isoBoxesEnd(input);
    case 'tiff':
      return null;
  }
}

const damaged = () => new ImageRejectedError('corrupt');

/** JPEG: marker segments from SOI, each skipped by its length, and each scan's entropy-coded data, up to EOI. */
function jpegEnd(input: Buffer): number {
  let p = 2;
  for (;;) {
    // Like libjpeg, skip stray bytes before a marker, FF fill bytes, and an FF00 outside a scan.
    p = input.indexOf(0xff, p);
    if (p < 0) throw damaged();
    while (input[p] === 0xff) p++;
    const marker = input[p++];
    if (marker === undefined) throw damaged();
    if (marker === 0xd9) return p;
    // A second SOI is a fatal error for libjpeg as well.
    if (marker === 0xd8) throw damaged();
    // TEM and RSTn stand alone; every other marker is followed by a length that counts itself.
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (p + 2 > input.length) throw damaged();
    const length = input.readUInt16BE(p);
    if (length < 2 || p + length > input.length) throw damaged();
    p += length;
    // SOS: its compressed data follows the header, with no length of its own.
    if (marker === 0xda) p = entropyCodedEnd(input, p);
  }
}

/** The end of a scan: FF00 stands for a data byte FF and the restart markers FFD0–FFD7 continue the scan. */
function entropyCodedEnd(input: Buffer, start: number): number {
  let p = start;
  for (;;) {
    p = input.indexOf(0xff, p);
    const next = p < 0 ? undefined : input[p + 1];
    // The file ends inside the scan: truncated.
    if (next === undefined) throw damaged();
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) p += 2;
    // An FF fill byte before the marker that ends the scan.
    else if (next === 0xff) p += 1;
    else return p;
  }
}

/** PNG: chunks after the signature (length, type, data, CRC), up to and with IEND. */
function pngEnd(input: Buffer): number {
  let p = 8;
  for (;;) {
    if (p + 12 > input.length) throw damaged();
    const length = input.readUInt32BE(p);
    const type = input.toString('latin1', p + 4, p + 8);
    p += 12 + length;
    if (p > input.length) throw damaged();
    if (type === 'IEND') return p;
  }
}

/** GIF: screen descriptor and colour table, then extensions and frames, up to the trailer byte 3B. */
function gifEnd(input: Buffer): number {
  if (input.length < 13) throw damaged();
  let p = 13 + colourTableBytes(input[10]);
  let frames = 0;
  for (;;) {
    const introducer = input[p];
    // Some writers leave out the trailer; the blocks then simply end with the file.
    if (introducer === undefined) {
      if (frames === 0 || p > input.length) throw damaged();
      return p;
    }
    if (introducer === 0x3b) return p + 1;
    if (introducer === 0x21) {
      // Extension: introducer, label, data sub-blocks.
      p = subBlocksEnd(input, p + 2);
    } else if (introducer === 0x2c) {
      // Frame: 10-byte descriptor, its colour table, the LZW code size, data sub-blocks.
      if (p + 10 > input.length) throw damaged();
      p = subBlocksEnd(input, p + 10 + colourTableBytes(input[p + 9]) + 1);
      frames++;
    } else {
      // Not a block: the picture is over and these bytes are no part of it.
      return p;
    }
  }
}

function colourTableBytes(flags: number | undefined): number {
  return flags !== undefined && flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
}

function subBlocksEnd(input: Buffer, start: number): number {
  let p = start;
  for (;;) {
    const size = input[p];
    if (size === undefined) throw damaged();
    p += 1 + size;
    if (size === 0) return p;
  }
}

/**
 * WebP: the RIFF header's size field. The chunks inside must fill that size, so it cannot be
 * stretched over a payload either.
 */
function webpEnd(input: Buffer): number {
  const end = 8 + input.readUInt32LE(4);
  if (end > input.length) throw damaged();
  let p = 12;
  while (p < end) {
    if (p + 8 > end) throw damaged();
    const size = input.readUInt32LE(p + 4);
    // Chunks are padded to an even length.
    p += 8 + size + (size % 2);
  }
  // A writer may count the last chunk without its pad byte; one byte over is that, more is broken.
  if (p > end + 1) throw damaged();
  return end;
}

/** HEIF/AVIF: top-level boxes, each sized by its header, up to the end or a box that claims the rest. */
function isoBoxesEnd(input: Buffer): number {
  let p = 0;
  while (p + 8 <= input.length) {
    const type = input.toString('latin1', p + 4, p + 8);
    // Box types are printable; anything else is foreign bytes after the last box.
    if (!/^[\x20-\x7e]{4}$/.test(type)) return p;
    let size = input.readUInt32BE(p);
    let header = 8;
    // Size 0: the box runs to the end of the file. Size 1: a 64-bit size follows the type.
    if (size === 0) return input.length;
    if (size === 1) {
      if (p + 16 > input.length) throw damaged();
      size = Number(input.readBigUInt64BE(p + 8));
      header = 16;
    }
    if (size < header || p + size > input.length) throw damaged();
    p += size;
  }
  return p;
}

type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/**
 * Decodes once into upright sRGB pixels no bigger than the largest variant; every variant is encoded
 * from them. Raw pixels carry no metadata, so nothing of the original's EXIF, XMP or IPTC can leak.
 */
async function decodeUpright(input: Buffer): Promise<Pixels> {
  try {
    const { data, info } = await sharp(input, { ...INPUT_OPTIONS, autoOrient: true })
      .resize(boundingBox(LARGEST))
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (err) {
    throw rejectionForSharpError(err);
  }
}

/** The bytes passed the format check, so a failure to read them means a broken file or one too big. */
function rejectionForSharpError(err: unknown): ImageRejectedError {
  const overLimit = err instanceof Error && /pixel limit/i.test(err.message);
  return new ImageRejectedError(overLimit ? 'too_many_pixels' : 'corrupt');
}

function boundingBox(maxWidth: number) {
  return { width: maxWidth, height: maxWidth * 2, fit: 'inside', withoutEnlargement: true } as const;
}

async function encodeSize(pixels: Pixels, size: { name: VariantName; maxWidth: number }) {
  const resized = () =>
    sharp(pixels.data, {
      raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
    }).resize(boundingBox(size.maxWidth));
  const webp = await toVariant(size.name, 'webp', resized().webp({ quality: 80 }));
  // JPEG has no transparency: lay transparent areas on white rather than the default black. The JPEGs
  // are the fallback for browsers without WebP; mozjpeg would make them ~10% smaller for 4x the CPU.
  const jpeg = await toVariant(
    size.name,
    'jpeg',
    resized().flatten({ background: '#ffffff' }).jpeg({ quality: 85, progressive: true }),
  );
  return [webp, jpeg];
}

async function toVariant(name: VariantName, format: VariantFormat, pipeline: Sharp): Promise<ImageVariant> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const contentType = format === 'webp' ? 'image/webp' : 'image/jpeg';
  return { name, format, data, width: info.width, height: info.height, contentType };
}
