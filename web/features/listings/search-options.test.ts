import { describe, expect, it } from 'vitest';
import { brandOptions, caliberOptions } from './search-options';

const first = (text: string) => caliberOptions(text)[0]?.value;

describe('caliberOptions', () => {
  it('finds a caliber through any of its names', () => {
    for (const text of ['9x19', '9mm luger', '9 mm Luger', 'parabellum', '9mm para'])
      expect(first(text)).toBe('9x19');
    for (const text of ['.308', '7.62x51', '7,62 x 51 NATO']) expect(first(text)).toBe('308win');
    expect(first('creedmoor')).toBe('65cm');
    expect(first('5.56')).toBe('223rem');
  });

  it('puts the exact name first, and says through which name a match came', () => {
    const options = caliberOptions('parabellum');
    expect(options.map((option) => option.value)).toEqual(['9x19']);
    expect(options[0]?.hint).toBe('9mm parabellum');
    expect(caliberOptions('').length).toBeGreaterThan(30);
    expect(caliberOptions('laser')).toEqual([]);
  });
});

describe('brandOptions', () => {
  it('lists brands starting with the text first, then those containing it', () => {
    expect(brandOptions('sa').map((option) => option.value)).toEqual([
      'Sako',
      'Sauer',
      'Savage',
      'Hatsan',
      'Pulsar',
      'SIG Sauer',
    ]);
    expect(brandOptions('anschutz').map((option) => option.value)).toEqual(['Anschütz']);
  });
});
