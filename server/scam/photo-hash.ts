import sharp from 'sharp';

/**
 * A 64-bit perceptual hash of a photo (a DCT hash like pHash): the picture made grey and 32×32, its
 * 2-D cosine transform at 8×8 low frequencies, one bit each, set when above their median (the constant
 * term, the brightness, left out of the median). Copies re-encoded, resized or lightly brightened keep
 * their coarse structure and so nearly all bits; different photos share about half.
 *
 * The frequencies are half those of pHash (0 to 3.5 cycles across the picture instead of 0 to 7): a
 * crop of up to 5% per side shifts and scales the picture, which turns pHash's finer waves by up to a
 * third of a cycle; on the photo-pair test set (photo-matching.test.ts) pHash's cropped copies were
 * up to 16 bits off, as far as some distinct photos. With these coarser waves 95% of the copies stay
 * within PHOTO_MATCH_DISTANCE (4 bits) and distinct photos, the same gun model's included, 10 or more.
 */

const SIDE = 32;
const LOW = 8;
/** Below this the strongest wave is a fraction of a grey level: no structure (see hashGrey). */
const FEATURELESS = 64;

/** Raw pixels as sharp hands them out: the upload pipeline's normalized, upright sRGB image. */
export type RawPixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** The hash of already decoded pixels (the upload pipeline decodes once and hashes what it stores). */
export async function hashPixels(pixels: RawPixels): Promise<bigint | null> {
  const grey = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
  })
    // Transparent areas are laid on white, as the stored JPEG shows them.
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return hashGrey(grey);
}

/** The hash of an encoded image (tests, the benchmark's photo set). */
export async function hashImage(bytes: Buffer): Promise<bigint | null> {
  const { data, info } = await sharp(bytes, { autoOrient: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return hashPixels({
    data,
    width: info.width,
    height: info.height,
    channels: info.channels as 1 | 2 | 3 | 4,
  });
}

/** cos((2x+1)uπ/128) for the 8 frequencies u and the 32 positions x, computed once. */
const COSINES: Float64Array = (() => {
  const table = new Float64Array(LOW * SIDE);
  for (let u = 0; u < LOW; u++)
    for (let x = 0; x < SIDE; x++) table[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (4 * SIDE));
  return table;
})();

function hashGrey(grey: Buffer): bigint | null {
  if (grey.length < SIDE * SIDE) throw new Error('expected 32×32 grey pixels');
  // The mean grey is taken off first: these half-frequency waves are not balanced around zero, so
  // the picture's brightness would otherwise leak into every coefficient (and a blank picture would
  // look structured). Then a separable transform: the rows' 8 frequencies, then the columns' (no
  // scale factors: the median comparison does not need them).
  let mean = 0;
  for (let i = 0; i < SIDE * SIDE; i++) mean += grey[i] ?? 0;
  mean /= SIDE * SIDE;
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++)
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += ((grey[y * SIDE + x] ?? 0) - mean) * (COSINES[u * SIDE + x] ?? 0);
      rows[y * LOW + u] = sum;
    }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++)
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += (rows[y * LOW + u] ?? 0) * (COSINES[v * SIDE + y] ?? 0);
      coefficients[v * LOW + u] = sum;
    }
  // A picture without structure (one colour, a blank placeholder) has no shape to recognise: its bits
  // would be JPEG noise, the same for every blank picture, so it gets no hash and matches nothing.
  let strongest = 0;
  for (let i = 1; i < LOW * LOW; i++) strongest = Math.max(strongest, Math.abs(coefficients[i] ?? 0));
  if (strongest < FEATURELESS) return null;
  // The constant term is the brightness: it would be far above any median and says nothing of shape.
  const sorted = Array.from(coefficients.subarray(1)).sort((a, b) => a - b);
  const median = sorted[31] ?? 0;
  let hash = 0n;
  for (let i = 0; i < LOW * LOW; i++) hash = (hash << 1n) | ((coefficients[i] ?? 0) > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** Bits that differ between two hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}
