import { describe, expect, it } from 'vitest';
import { decodeReturnPath, encodeReturnPath, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(safeReturnPath('/ad/123')).toBe('/ad/123');
    expect(safeReturnPath('/browse?q=glock&sort=price-asc#top')).toBe('/browse?q=glock&sort=price-asc#top');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    '//evil.example',
    '//evil.example/ad/1',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    'evil.example',
    ' /ad/1',
    '/ad/1\n',
    '/\t/evil.example',
    '',
    '/'.padEnd(501, 'a'),
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(['/ad/1'])).toBeNull();
  });
});

describe('return path tokens', () => {
  it('carry a safe path there and back', () => {
    for (const path of ['/ad/123', '/browse?q=glock&sort=price-asc', '/browse?q=%C8%99']) {
      expect(decodeReturnPath(encodeReturnPath(path))).toBe(path);
    }
  });

  it('give nothing for tokens of unsafe paths or that are not tokens', () => {
    for (const path of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      expect(decodeReturnPath(encodeReturnPath(path))).toBeNull();
    }
    expect(decodeReturnPath('not a token!')).toBeNull();
    expect(decodeReturnPath('')).toBeNull();
    expect(decodeReturnPath(null)).toBeNull();
  });
});
