import { describe, expect, it } from 'vitest';
import {
  assertValidStorageKey,
  contentTypeForKey,
  InvalidStorageKeyError,
  isValidStorageKey,
} from './storage';

const BAD_KEYS = [
  '',
  '/ads/u1/card.webp',
  '../etc/passwd',
  'ads/../../etc/passwd',
  'ads/u1/..',
  'ads/./card.webp',
  'ads//card.webp',
  'ads/u1/',
  'ads/.card.webp.abc.tmp',
  'ads/a..b/card.webp',
  'ads\\u1\\card.webp',
  'ads/u1/card webp',
  'ads/u1/%2e%2e',
  'ads/u1/card.webp\0',
  'ads/ü/card.webp',
  `ads/${'a'.repeat(600)}`,
];

describe('storage keys', () => {
  it('accepts relative paths of safe characters', () => {
    for (const key of ['ads/u1/1700000000000-abc123/large.webp', 'a', 'a_b-c.d/e']) {
      expect(isValidStorageKey(key), key).toBe(true);
    }
  });

  it('refuses traversal, absolute paths, hidden segments and odd characters', () => {
    for (const key of BAD_KEYS) {
      expect(isValidStorageKey(key), key).toBe(false);
      expect(() => assertValidStorageKey(key), key).toThrow(InvalidStorageKeyError);
    }
  });

  it('names the content type from the extension only', () => {
    expect(contentTypeForKey('ads/u/x/card.webp')).toBe('image/webp');
    expect(contentTypeForKey('ads/u/x/card.JPG')).toBe('image/jpeg');
    expect(contentTypeForKey('ads/u/x/readme.txt')).toBe('application/octet-stream');
    expect(contentTypeForKey('ads/webp')).toBe('application/octet-stream');
    expect(contentTypeForKey('ads.webp/file')).toBe('application/octet-stream');
  });
});
