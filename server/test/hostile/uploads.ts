import fc from 'fast-check';
import { hostileText, wellFormed } from './arbitraries';
import { type Base, crossOrigin, noSession, signedIn, withCaller } from './callers';
import type { Body, Draft, Fixtures } from './request-types';

// ——— Uploads ———

const bytes = (text: string) => new TextEncoder().encode(text);

function notImages(f: Fixtures): fc.Arbitrary<Uint8Array> {
  const photo = f.photo;
  return fc.oneof(
    hostileText.map((text) => bytes(text)),
    fc.constantFrom(
      bytes('<!doctype html><script>alert(document.cookie)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      bytes('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'),
      bytes('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000'),
      bytes('\u007fELF\u0002\u0001\u0001\u0000'),
      bytes('MZ\u0090\u0000\u0003\u0000\u0000\u0000'),
      bytes('<?php system($_GET["c"]); ?>'),
      bytes('{"file":"photo.jpg"}'),
      bytes('GIF89a\u0001\u0000\u0001\u0000'),
      bytes('RIFF\u0010\u0000\u0000\u0000WEBPVP8 garbage'),
      new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
      ]),
      new Uint8Array(0),
    ),
    // Truncated well before the end: a damaged image.
    fc.integer({ min: 2, max: Math.floor(photo.length / 2) }).map((end) => photo.slice(0, end)),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((noise) => {
      // Not an image signature, whatever the noise.
      const out = new Uint8Array(noise.length + 1);
      out[0] = 0x21;
      out.set(noise, 1);
      return out;
    }),
  );
}

const hostileFilename = fc.oneof(
  fc.constantFrom(
    'photo.jpg',
    '../../etc/passwd',
    '..\\..\\boot.ini',
    '<script>.jpg',
    "'; DROP TABLE ad_images; --.jpg",
    'a\u0000.jpg',
    '.htaccess',
  ),
  hostileText.map((text) => `${wellFormed(text).replace(/["\r\n]/g, '')}.jpg`),
);
const declaredType = fc.constantFrom(
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
  '',
);

export function uploadVariants(f: Fixtures): fc.Arbitrary<Draft>[] {
  const photoForm: Body = {
    type: 'form',
    parts: [{ name: 'file', bytes: f.photo, filename: 'photo.jpg', type: 'image/jpeg' }],
  };
  const base = fc.constant<Base>({ path: '/api/uploads', body: photoForm });
  // Uploads are counted per user (60 an hour): the "user" caller takes turns among several accounts.
  const uploader = withCaller(f, fc.constant('user'));
  return [
    noSession(f, base),
    crossOrigin(f, base, signedIn),
    fc.tuple(uploader, notImages(f), hostileFilename, declaredType).map(
      ([who, file, filename, type]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'form', parts: [{ name: 'file', bytes: file, filename, type }] },
        defects: ['bad-file'],
      }),
    ),
    fc.tuple(uploader, notImages(f), hostileFilename).map(
      ([who, file, filename]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: {
          type: 'form',
          parts: [
            { name: 'file', bytes: file, filename, type: 'image/jpeg' },
            { name: 'userId', text: f.users.owner },
            { name: 'status', text: 'approved' },
          ],
        },
        defects: ['bad-file'],
        extras: true,
      }),
    ),
    fc.tuple(uploader, fc.constantFrom('image', 'files[]', 'File', 'photo', ''), hostileFilename).map(
      ([who, name, filename]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'form', parts: [{ name, bytes: f.photo, filename, type: 'image/jpeg' }] },
        defects: ['missing-field'],
        field: 'file',
      }),
    ),
    fc.tuple(uploader, hostileText).map(
      ([who, text]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'form', parts: [{ name: 'file', text }] },
        defects: ['wrong-type'],
        field: 'file',
      }),
    ),
    fc
      .tuple(
        uploader,
        fc.constantFrom('application/json', 'text/plain', 'application/xml', 'image/jpeg', null),
      )
      .map(
        ([who, contentType]): Draft => ({
          path: '/api/uploads',
          ...who,
          body: { type: 'raw', text: JSON.stringify({ file: 'photo.jpg' }), contentType },
          defects: ['wrong-content-type'],
        }),
      ),
    fc
      .tuple(
        uploader,
        fc.constantFrom('', '--x\r\nbroken', '------abc\r\nContent-Disposition: form-data; name="file"\r\n'),
      )
      .map(
        ([who, text]): Draft => ({
          path: '/api/uploads',
          ...who,
          body: { type: 'raw', text, contentType: 'multipart/form-data; boundary=----abc' },
          defects: ['bad-format'],
        }),
      ),
    fc.tuple(uploader, fc.integer({ min: 10 * 1024 * 1024 + 70 * 1024, max: 11 * 1024 * 1024 })).map(
      ([who, size]): Draft => ({
        path: '/api/uploads',
        ...who,
        body: { type: 'big-form', bytes: size },
        defects: ['too-large'],
      }),
    ),
  ];
}
