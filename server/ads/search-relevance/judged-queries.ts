import type { CountyCode } from '../../../common/counties';
import type { FixtureAd } from './catalogue';

/**
 * What a buyer types, and which ads of the fixed catalogue they want, by group. A judgment is a
 * rule over the catalogue's facts (brand, model, noun, caliber, county): the ads it selects are the
 * wanted list. `none` queries should find nothing.
 */
export type JudgedQuery = { group: string; q: string; want: (ad: FixtureAd) => boolean };

const brand = (name: string) => (ad: FixtureAd) => ad.brand === name;
const model = (brandName: string, prefix: string) => (ad: FixtureAd) =>
  ad.brand === brandName && ad.model.toLowerCase().startsWith(prefix.toLowerCase());
const noun =
  (...nouns: string[]) =>
  (ad: FixtureAd) =>
    nouns.includes(ad.noun);
const caliber =
  (...ids: string[]) =>
  (ad: FixtureAd) =>
    ad.caliberId !== null && ids.includes(ad.caliberId);
const inCounty = (code: CountyCode, rule: (ad: FixtureAd) => boolean) => (ad: FixtureAd) =>
  ad.county === code && rule(ad);
const nothing = () => false;

const BRANDS = [
  'Glock',
  'CZ',
  'Beretta',
  'Walther',
  'SIG Sauer',
  'Canik',
  'Zastava',
  'Colt',
  'Ruger',
  'Taurus',
  'Tikka',
  'Sako',
  'Blaser',
  'Remington',
  'Mauser',
  'Winchester',
  'Browning',
  'Merkel',
  'Steyr',
  'Bergara',
  'Howa',
  'Savage',
  'Benelli',
  'Franchi',
  'Fabarm',
  'Baikal',
  'Stoeger',
  'Hatsan',
  'Zeiss',
  'Swarovski',
  'Leupold',
  'Vortex',
  'Meopta',
  'Kahles',
  'Hawke',
  'Pulsar',
  'Hikmicro',
  'Aimpoint',
  'Holosun',
  'EOTech',
  'Nikon',
  'Harris',
];

export const JUDGED_QUERIES: JudgedQuery[] = [
  // Brand only (as typed: lower case, no diacritics).
  ...BRANDS.map((name) => ({ group: 'brand', q: name.toLowerCase(), want: brand(name) })),
  { group: 'brand', q: 'smith & wesson', want: brand('Smith & Wesson') },
  { group: 'brand', q: 'heckler koch', want: brand('Heckler & Koch') },
  // Brand plus model.
  ...[
    ['Glock', '17'],
    ['Glock', '19'],
    ['Glock', '26'],
    ['Glock', '34'],
    ['CZ', 'Shadow 2'],
    ['CZ', '75'],
    ['CZ', '457'],
    ['CZ', '550'],
    ['Beretta', '92FS'],
    ['Beretta', 'A400'],
    ['Beretta', '686'],
    ['Walther', 'PPQ'],
    ['SIG Sauer', 'P226'],
    ['Tikka', 'T3x'],
    ['Sako', '85'],
    ['Sako', 'S20'],
    ['Blaser', 'R8'],
    ['Remington', '700'],
    ['Remington', '870'],
    ['Mauser', 'M18'],
    ['Benelli', 'M2'],
    ['Browning', 'B525'],
    ['Zeiss', 'Conquest'],
    ['Swarovski', 'Z8i'],
    ['Leupold', 'VX-3HD'],
    ['Vortex', 'Viper'],
    ['Pulsar', 'Thermion'],
    ['Aimpoint', 'Micro'],
    ['Holosun', '507C'],
    ['Baikal', 'IJ-27'],
  ].map(([b, m]) => ({ group: 'brand + model', q: `${b} ${m}`.toLowerCase(), want: model(b!, m!) })),
  // Joined and split model numbers.
  { group: 'joined / split', q: 'glock17', want: model('Glock', '17') },
  { group: 'joined / split', q: 'glock19', want: model('Glock', '19') },
  { group: 'joined / split', q: 'glock 26', want: model('Glock', '26') },
  { group: 'joined / split', q: 'cz75', want: model('CZ', '75') },
  { group: 'joined / split', q: 'cz457', want: model('CZ', '457') },
  { group: 'joined / split', q: 'cz550', want: model('CZ', '550') },
  { group: 'joined / split', q: 'sako85', want: model('Sako', '85') },
  { group: 'joined / split', q: 'remington700', want: model('Remington', '700') },
  { group: 'joined / split', q: 'remington870', want: model('Remington', '870') },
  { group: 'joined / split', q: 't3x', want: model('Tikka', 'T3x') },
  { group: 'joined / split', q: 'tikka t3x', want: model('Tikka', 'T3x') },
  { group: 'joined / split', q: 'reddot', want: noun('Red dot') },
  { group: 'joined / split', q: 'red dot', want: noun('Red dot') },
  { group: 'joined / split', q: 'beretta686', want: model('Beretta', '686') },
  { group: 'joined / split', q: 'walther p99', want: model('Walther', 'P99') },
  // Typos one or two letters off.
  ...[
    ['glok', 'Glock'],
    ['gloc', 'Glock'],
    ['tika', 'Tikka'],
    ['berreta', 'Beretta'],
    ['bereta', 'Beretta'],
    ['swarowski', 'Swarovski'],
    ['swarovsky', 'Swarovski'],
    ['benneli', 'Benelli'],
    ['remingon', 'Remington'],
    ['leupld', 'Leupold'],
    ['walter', 'Walther'],
    ['zeis', 'Zeiss'],
    ['brownin', 'Browning'],
    ['mausr', 'Mauser'],
    ['winchster', 'Winchester'],
    ['hikmikro', 'Hikmicro'],
    ['aimpont', 'Aimpoint'],
    ['holosan', 'Holosun'],
    ['vortx', 'Vortex'],
    ['blazer', 'Blaser'],
    ['merckel', 'Merkel'],
    ['stayr', 'Steyr'],
    ['pulsr', 'Pulsar'],
    ['franki', 'Franchi'],
    ['kanik', 'Canik'],
  ].map(([typed, name]) => ({ group: 'typos', q: typed!, want: brand(name!) })),
  // Calibers, by any name and with "cal." phrasing.
  ...[
    ['9mm', ['9x19']],
    ['9x19', ['9x19']],
    ['9mm luger', ['9x19']],
    ['9mm parabellum', ['9x19']],
    ['cal 9mm', ['9x19']],
    ['9 mm', ['9x19']],
    ['calibrul 308', ['308win']],
    ['.308 win', ['308win']],
    ['7.62x51', ['308win']],
    ['cal. 308', ['308win']],
    ['22 lr', ['22lr']],
    ['.22lr', ['22lr']],
    ['cal. 12', ['12x70', '12x76']],
    ['12/76', ['12x76']],
    ['12/70', ['12x70']],
    ['6.5 creedmoor', ['65cm']],
    ['.30-06', ['3006']],
    ['9.3x62', ['93x62']],
    ['7.62x39', ['762x39']],
    ['.223', ['223rem']],
    ['5.56x45', ['223rem']],
    ['.357 magnum', ['357mag']],
    ['.45 acp', ['45acp']],
    ['calibru 7.62x54r', ['762x54r']],
    ['.300 win mag', ['300wm']],
    ['8x57', ['8x57']],
    ['.17 hmr', ['17hmr']],
    ['20/76', ['20x76']],
  ].map(([q, ids]) => ({ group: 'calibers', q: q as string, want: caliber(...(ids as string[])) })),
  // Plurals and diacritics.
  ...[
    ['pusti', ['Pușcă']],
    ['puști', ['Pușcă']],
    ['pusca', ['Pușcă']],
    ['pușcă', ['Pușcă']],
    ['carabine', ['Carabină']],
    ['carabina', ['Carabină']],
    ['carabină', ['Carabină']],
    ['lunete', ['Lunetă']],
    ['luneta', ['Lunetă']],
    ['pistoale', ['Pistol']],
    ['pistol', ['Pistol']],
    ['revolvere', ['Revolver']],
    ['binocluri', ['Binoclu']],
    ['binoclu', ['Binoclu']],
    ['incarcatoare', ['Încărcător']],
    ['încărcătoare', ['Încărcător']],
    ['seifuri', ['Seif']],
    ['amortizoare', ['Amortizor']],
    ['termoviziune', ['Termoviziune']],
    ['bipod', ['Bipod']],
  ].map(([q, nouns]) => ({
    group: 'plurals / diacritics',
    q: q as string,
    want: noun(...(nouns as string[])),
  })),
  // Noun plus county.
  ...(
    [
      ['pistol cluj', 'CJ', 'Pistol'],
      ['carabina brasov', 'BV', 'Carabină'],
      ['pusca iasi', 'IS', 'Pușcă'],
      ['luneta bucuresti', 'B', 'Lunetă'],
      ['pistol timisoara', 'TM', 'Pistol'],
      ['carabine sibiu', 'SB', 'Carabină'],
      ['pusti constanta', 'CT', 'Pușcă'],
      ['luneta cluj', 'CJ', 'Lunetă'],
      ['pistol bucuresti', 'B', 'Pistol'],
      ['carabina suceava', 'SV', 'Carabină'],
      ['pusca arad', 'AR', 'Pușcă'],
      ['pistol prahova', 'PH', 'Pistol'],
    ] as const
  ).map(([q, code, n]) => ({ group: 'noun + county', q, want: inCounty(code, noun(n)) })),
  // Queries that should find nothing.
  ...[
    'arma aer comprimat cu luneta zeiss',
    'kalashnikov automat',
    'grenada',
    'tanc',
    'lansator rachete',
    'xyzzy',
    'pistol laser jucarie',
    'mitraliera',
  ].map((q) => ({ group: 'should find nothing', q, want: nothing })),
];
