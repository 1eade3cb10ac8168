import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Hostile uploads shared by the image pipeline's unit tests and the upload route's tests. */

export const HTML_PAYLOAD = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/me").then((r) => r.text()).then(alert)</script></body></html>\n',
);

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A small photo-like JPEG: noise, so that its compressed data holds FF bytes stuffed as FF00. */
export function noisyJpeg(options: { progressive?: boolean } = {}): Promise<Buffer> {
  const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#000', noise } })
    .jpeg({ quality: 90, progressive: options.progressive ?? false })
    .toBuffer();
}

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A pixel bomb: a valid PNG of a few dozen bytes whose header declares width × height pixels
 * (10 billion at the default), which a decoder would have to allocate gigabytes for.
 */
export function pngPixelBomb(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8-bit greyscale, deflate, adaptive filtering, no interlace.
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    // The start of a zlib stream: a decoder that trusted the header would start inflating here.
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00])),
    pngChunk('IEND'),
  ]);
}

/** A ZIP archive with one stored file, as appended to a picture to smuggle it past an image check. */
export function zipArchive(name: string, content: string): Buffer {
  const fileName = Buffer.from(name);
  const data = Buffer.from(content);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const localPart = Buffer.concat([local, fileName, data]);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

/**
 * The classic GIF/JavaScript polyglot, made from a GIF that decodes: its width bytes read `/*`, so a
 * browser running the file as a script sees `GIF89a/* …binary… *\/=alert(1);`, an assignment.
 */
export async function gifJavaScriptPolyglot(): Promise<Buffer> {
  const gif = Buffer.from(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .gif()
      .toBuffer(),
  );
  gif.write('/*', 6, 'latin1');
  return Buffer.concat([gif, Buffer.from('*/=alert(1);\n')]);
}
