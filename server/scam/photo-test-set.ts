import sharp from 'sharp';

/**
 * The photo-pair test set of issue 30, drawn with sharp (no downloads): distinct source scenes, the
 * copies a reseller makes of one (re-encoded, resized, cropped up to 5% per side, lightly brightened,
 * and these combined), and distinct photos, among them the hard case of the same gun model shot again
 * (one silhouette on another table, placed and sized otherwise).
 */

/** A small deterministic generator (mulberry32), so every run draws the same set. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (random: () => number) =>
  `#${Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

/** Guns of a few "models": the same outline whatever photo it is in. */
const MODELS = [
  'M0 40 L300 40 L300 70 L120 70 L110 140 L70 140 L80 70 L0 70 Z',
  'M0 30 L420 20 L430 50 L250 60 L230 110 L160 110 L170 60 L0 60 Z',
  'M0 50 L200 50 L210 30 L260 30 L260 80 L90 85 L60 170 L20 165 L40 85 L0 85 Z',
];

function scene(random: () => number, width: number, height: number, model?: number): string {
  const shapes: string[] = [];
  const count = 5 + Math.floor(random() * 8);
  for (let i = 0; i < count; i++) {
    const x = random() * width;
    const y = random() * height;
    const w = 20 + random() * width * 0.4;
    const h = 20 + random() * height * 0.4;
    const fill = hex(random);
    const opacity = (0.4 + random() * 0.6).toFixed(2);
    const kind = random();
    shapes.push(
      kind < 0.4
        ? `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${fill}" opacity="${opacity}"/>`
        : kind < 0.8
          ? `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${random() * 20}" fill="${fill}" opacity="${opacity}" transform="rotate(${random() * 90 - 45} ${x} ${y})"/>`
          : `<path d="M${x} ${y} L${x + w} ${y + h / 3} L${x + w / 3} ${y + h} Z" fill="${fill}" opacity="${opacity}"/>`,
    );
  }
  if (model !== undefined) {
    const scale = 0.8 + random() * 1.2;
    const x = random() * width * 0.4;
    const y = random() * height * 0.6;
    shapes.push(
      `<path d="${MODELS[model % MODELS.length]}" fill="#1c1c1c" transform="translate(${x} ${y}) scale(${scale}) rotate(${random() * 16 - 8})"/>`,
    );
  }
  const angle = Math.floor(random() * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" gradientTransform="rotate(${angle})">
      <stop offset="0" stop-color="${hex(random)}"/><stop offset="1" stop-color="${hex(random)}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

/** A photo-like JPEG: the scene with a little sensor noise and softness. */
export async function drawPhoto(random: () => number, model?: number): Promise<Buffer> {
  const width = 640 + Math.floor(random() * 4) * 160;
  const height = Math.round(width * (0.62 + random() * 0.2));
  // Sensor-like grain, drawn from the same seed (libvips's own noise differs from run to run).
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i++)
    grain[i] = 128 + Math.round((random() + random() + random() - 1.5) * 50);
  const noise = await sharp(grain, { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return sharp(Buffer.from(scene(random, width, height, model)))
    .composite([{ input: noise, blend: 'soft-light' }])
    .blur(0.8)
    .jpeg({ quality: 90 })
    .toBuffer();
}

export type CopyKind = 'reencoded' | 'resized' | 'cropped' | 'brightened' | 'combined';

/** The copy of a photo a reseller would make, as sharp makes it. */
export async function copyOf(photo: Buffer, kind: CopyKind, random: () => number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const crop = () => {
    // Up to 5% off each side, each side its own share.
    const side = () => Math.floor(random() * 0.05 * 1000) / 1000;
    const [left, right, top, bottom] = [side(), side(), side(), side()];
    return {
      left: Math.floor(width * left),
      top: Math.floor(height * top),
      width: Math.floor(width * (1 - left - right)),
      height: Math.floor(height * (1 - top - bottom)),
    };
  };
  switch (kind) {
    case 'reencoded':
      return sharp(photo)
        .jpeg({ quality: 35 + Math.floor(random() * 40) })
        .toBuffer();
    case 'resized':
      return sharp(photo)
        .resize(Math.round(width * (0.3 + random() * 0.5)))
        .jpeg({ quality: 80 })
        .toBuffer();
    case 'cropped':
      return sharp(photo).extract(crop()).jpeg({ quality: 85 }).toBuffer();
    case 'brightened':
      return sharp(photo)
        .modulate({ brightness: 1.05 + random() * 0.1 })
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'combined':
      return sharp(photo)
        .extract(crop())
        .resize(Math.round(width * 0.5))
        .modulate({ brightness: 1.08 })
        .jpeg({ quality: 60 })
        .toBuffer();
  }
}

export const COPY_KINDS: readonly CopyKind[] = ['reencoded', 'resized', 'cropped', 'brightened', 'combined'];

export type PhotoSet = {
  /** Distinct scenes, each with its copies. */
  sources: Array<{ photo: Buffer; copies: Array<{ kind: CopyKind; photo: Buffer }> }>;
  /** Photos of the same few gun models in other scenes: distinct from each other and from the sources. */
  sameModel: Buffer[];
};

export async function buildPhotoSet(options: {
  seed: number;
  sources: number;
  copiesPerKind: number;
  sameModel: number;
}): Promise<PhotoSet> {
  const random = seededRandom(options.seed);
  const sources: PhotoSet['sources'] = [];
  for (let i = 0; i < options.sources; i++) {
    const photo = await drawPhoto(random, i % 2 === 0 ? i % MODELS.length : undefined);
    const copies: Array<{ kind: CopyKind; photo: Buffer }> = [];
    for (const kind of COPY_KINDS)
      for (let c = 0; c < options.copiesPerKind; c++)
        copies.push({ kind, photo: await copyOf(photo, kind, random) });
    sources.push({ photo, copies });
  }
  const sameModel: Buffer[] = [];
  for (let i = 0; i < options.sameModel; i++) sameModel.push(await drawPhoto(random, i % MODELS.length));
  return { sources, sameModel };
}
