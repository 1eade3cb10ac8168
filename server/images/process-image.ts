import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '../errors';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: above any phone camera, far below what would exhaust memory while decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageRejectionCode =
  | 'not_an_image'
  | 'unsupported_format'
  | 'too_large'
  | 'too_many_pixels'
  | 'corrupt';

const REJECTIONS: Record<ImageRejectionCode, { status: 413 | 415 | 422; message: string }> = {
  not_an_image: { status: 415, message: 'The file is not an image' },
  unsupported_format: { status: 415, message: 'This image format is not supported' },
  too_large: { status: 413, message: 'The image is larger than 10 MB' },
  too_many_pixels: { status: 422, message: 'The image has too many pixels' },
  corrupt: { status: 422, message: 'The image file is damaged or incomplete' },
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

/** The display variants plus the size of the upright original. */
export type ProcessedImage = { variants: ImageVariant[]; width: number; height: number };

type AllowedFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'heif';

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
  const pixels = await decodeUpright(input);
  const variants = (await Promise.all(SIZES.map((size) => encodeSize(pixels, size)))).flat();
  return { variants, width, height };
}

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
  return Promise.all([
    toVariant(size.name, 'webp', resized().webp({ quality: 80 })),
    // JPEG has no transparency: lay transparent areas on white rather than the default black.
    toVariant(
      size.name,
      'jpeg',
      resized().flatten({ background: '#ffffff' }).jpeg({ quality: 85, progressive: true, mozjpeg: true }),
    ),
  ]);
}

async function toVariant(name: VariantName, format: VariantFormat, pipeline: Sharp): Promise<ImageVariant> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const contentType = format === 'webp' ? 'image/webp' : 'image/jpeg';
  return { name, format, data, width: info.width, height: info.height, contentType };
}
