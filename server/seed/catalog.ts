import type { CaliberId } from '../../common/calibers';
import type { CountyCode } from '../../common/counties';
import type { Action, Category } from '../../common/values';

/**
 * What Romanian ads offer, as products: a noun as sellers write it, brand and model that belong
 * together, the calibers the model is made in, its action and a price range in RON. Synthetic ads
 * for benchmarks are drawn from it, and so are the benchmark's searches.
 */
export type Product = {
  category: Category;
  noun: string;
  brand: string;
  models: string[];
  calibers: string[];
  action: Action | null;
  price: [number, number];
};

const handgun = (
  brand: string,
  models: string[],
  calibers: string[],
  price: [number, number],
  noun = 'Pistol',
): Product => ({
  category: 'firearms',
  noun,
  brand,
  models,
  calibers,
  action: noun === 'Revolver' ? 'revolver' : 'semi-auto',
  price,
});
const rifle = (
  brand: string,
  models: string[],
  calibers: string[],
  price: [number, number],
  action: Action = 'bolt',
  noun = 'Carabină',
): Product => ({
  category: 'long-guns',
  noun,
  brand,
  models,
  calibers,
  action,
  price,
});
const shotgun = (
  brand: string,
  models: string[],
  calibers: string[],
  price: [number, number],
  action: Action = 'semi-auto',
): Product => ({
  category: 'long-guns',
  noun: 'Pușcă',
  brand,
  models,
  calibers,
  action,
  price,
});
const optic = (noun: string, brand: string, models: string[], price: [number, number]): Product => ({
  category: 'optics',
  noun,
  brand,
  models,
  calibers: [],
  action: null,
  price,
});
const accessory = (
  noun: string,
  brand: string,
  models: string[],
  price: [number, number],
  calibers: string[] = [],
): Product => ({
  category: 'accessories',
  noun,
  brand,
  models,
  calibers,
  action: null,
  price,
});

export const PRODUCTS: Product[] = [
  handgun(
    'Glock',
    ['17', '17 Gen 5', '19', '19 Gen 5', '26', '34', '45'],
    ['9x19', '9mm', '9mm Luger'],
    [2800, 4800],
  ),
  handgun('Glock', ['22', '23'], ['.40 S&W'], [2600, 4000]),
  handgun(
    'CZ',
    ['75 B', 'Shadow 2', 'P-10 C', 'P-07', 'P-09', '75 SP-01'],
    ['9x19', '9mm Luger', '9mm'],
    [2500, 6500],
  ),
  handgun('Beretta', ['92FS', 'APX', 'PX4 Storm', '92X'], ['9x19', '9mm Parabellum'], [3000, 5500]),
  handgun('Walther', ['PPQ', 'P99', 'PDP', 'Q5 Match'], ['9x19', '9mm'], [3000, 6000]),
  handgun('SIG Sauer', ['P226', 'P320', 'P365'], ['9x19', '9mm'], [3500, 7000]),
  handgun('Heckler & Koch', ['USP', 'VP9', 'P30'], ['9x19', '.45 ACP'], [3800, 7000]),
  handgun('Canik', ['TP9 SF', 'TP9 Elite', 'Mete SFX'], ['9x19', '9mm'], [2200, 3600]),
  handgun('Zastava', ['M70', 'M57', 'CZ99'], ['7.65 Browning', '7.62x25', '9x19'], [1200, 2400]),
  handgun('Makarov', ['PM', 'IJ-70'], ['9x18 Makarov', '9x18'], [1200, 2000]),
  handgun('Colt', ['1911', 'Government'], ['.45 ACP'], [4500, 9000]),
  handgun(
    'Smith & Wesson',
    ['686', '629', 'Model 19'],
    ['.357 Magnum', '.44 Magnum'],
    [4200, 8000],
    'Revolver',
  ),
  handgun('Ruger', ['GP100', 'SP101', 'LCR'], ['.357 Magnum', '.38 Special'], [3500, 6000], 'Revolver'),
  handgun('Taurus', ['85', '605', 'G3'], ['.38 Special', '.357 Magnum', '9x19'], [1800, 3200]),
  rifle(
    'Tikka',
    ['T3x Lite', 'T3x Hunter', 'T3x Varmint', 'T3x Arctic'],
    ['.308 Win', '6.5 Creedmoor', '.30-06', '.243 Win', '.223 Rem'],
    [4500, 9000],
  ),
  rifle(
    'Sako',
    ['85 Hunter', 'S20', '85 Finnlight', 'Quad'],
    ['.308 Win', '6.5 Creedmoor', '.30-06', '9.3x62', '.22 LR'],
    [7000, 16000],
  ),
  rifle(
    'Blaser',
    ['R8', 'R8 Ultimate', 'R93'],
    ['.308 Win', '9.3x62', '.300 Win Mag', '8x57 IS'],
    [12000, 28000],
    'straight-pull',
  ),
  rifle(
    'Remington',
    ['700 SPS', '700 BDL', '783'],
    ['.308 Win', '.223 Rem', '.300 Win Mag', '.30-06'],
    [3500, 8000],
  ),
  rifle('Mauser', ['M12', 'M18', '98', 'K98'], ['.30-06', '8x57 IS', '9.3x62', '7x64'], [3000, 12000]),
  rifle('CZ', ['457 Varmint', '457 Premium', '452'], ['.22 LR', '.17 HMR', '.22 WMR'], [1800, 4000]),
  rifle('CZ', ['550', '557', '600'], ['.30-06', '9.3x62', '.308 Win', '7x64'], [3800, 7500]),
  rifle('Ruger', ['10/22', 'American Rimfire'], ['.22 LR'], [1500, 3000], 'semi-auto'),
  rifle('Winchester', ['Model 70', 'XPR', 'SX4'], ['.30-06', '.270 Win', '.308 Win'], [4000, 9000]),
  rifle('Browning', ['BAR MK3', 'X-Bolt', 'BLR'], ['.30-06', '.300 Win Mag', '.308 Win'], [5500, 11000]),
  rifle('Merkel', ['Helix', 'RX Helix'], ['.308 Win', '9.3x62', '.30-06'], [9000, 17000], 'straight-pull'),
  rifle(
    'Steyr',
    ['Mannlicher SM12', 'Pro Hunter', 'SSG 08'],
    ['.308 Win', '6.5 Creedmoor', '.30-06'],
    [6000, 18000],
  ),
  rifle('Bergara', ['B14 HMR', 'B14 Ridge', 'Premier'], ['6.5 Creedmoor', '.308 Win'], [4500, 10000]),
  rifle('Howa', ['1500', 'Mini Action'], ['.308 Win', '.223 Rem', '6.5 Creedmoor'], [3200, 6000]),
  rifle('Savage', ['110', 'Axis II', '93R17'], ['.308 Win', '.17 HMR', '.243 Win'], [2200, 6000]),
  rifle('Cugir', ['WASR 10', 'SAR 1', 'AK'], ['7.62x39'], [3500, 6500], 'semi-auto'),
  rifle('Izhmash', ['Mosin Nagant', 'Dragunov', 'Saiga'], ['7.62x54R', '7.62x39'], [2000, 9000], 'bolt'),
  rifle('Colt', ['AR-15', 'M4 Carbine'], ['.223 Rem', '5.56x45'], [6000, 11000], 'semi-auto'),
  rifle(
    'Weihrauch',
    ['HW97K', 'HW100', 'HW30'],
    ['4.5mm', '5.5mm'],
    [900, 3500],
    'break-barrel',
    'Armă cu aer comprimat',
  ),
  rifle(
    'Hatsan',
    ['AT44', 'Flash', 'Striker'],
    ['5.5mm', '4.5mm'],
    [700, 2200],
    'pcp',
    'Armă cu aer comprimat',
  ),
  shotgun(
    'Beretta',
    ['A400 Xplor', 'A300 Outlander', '1301 Tactical'],
    ['12/76', '12/70', '20/76'],
    [4500, 9500],
  ),
  shotgun(
    'Beretta',
    ['686 Silver Pigeon', '687', 'DT11'],
    ['12/76', '12/70', '20/76'],
    [6000, 25000],
    'over-under',
  ),
  shotgun(
    'Benelli',
    ['M2', 'Super Black Eagle 3', 'Raffaello', 'Montefeltro'],
    ['12/76', '20/76'],
    [5500, 10000],
  ),
  shotgun(
    'Browning',
    ['B525', 'Maxus II', 'Cynergy'],
    ['12/76', '12/70', '20/76'],
    [5000, 12000],
    'over-under',
  ),
  shotgun('Franchi', ['Affinity 3', 'Feeling'], ['12/76', '20/76'], [3800, 7000]),
  shotgun('Fabarm', ['Elos', 'XLR5', 'L4S'], ['12/70', '12/76'], [5000, 11000], 'over-under'),
  shotgun('Baikal', ['IJ-27', 'IJ-43', 'MP-153'], ['12/70', '16/70'], [900, 2500], 'side-by-side'),
  shotgun('Remington', ['870 Express', '870 Wingmaster', '1100'], ['12/76', '12/70'], [2200, 4500], 'pump'),
  shotgun('Stoeger', ['M3000', 'Condor', 'P3000'], ['12/76', '20/76'], [1800, 3800]),
  shotgun('Hatsan', ['Escort', 'Escort Magnum'], ['12/76', '20/76', '.410'], [1300, 2800]),
  optic(
    'Lunetă',
    'Zeiss',
    ['Conquest V4 3-12x56', 'Conquest V6 2.5-15x56', 'Victory HT 2.5-10x50', 'LRP S3'],
    [3500, 12000],
  ),
  optic(
    'Lunetă',
    'Swarovski',
    ['Z8i 2.3-18x56', 'Z6i 2.5-15x56', 'Z5 3.5-18x44', 'dS 5-25x52'],
    [6000, 16000],
  ),
  optic('Lunetă', 'Leupold', ['VX-3HD 4.5-14x40', 'VX-5HD 3-15x44', 'Mark 5HD'], [2800, 9000]),
  optic(
    'Lunetă',
    'Vortex',
    ['Viper PST Gen II 5-25x50', 'Razor HD Gen III', 'Crossfire II 3-9x40', 'Diamondback Tactical'],
    [900, 11000],
  ),
  optic('Lunetă', 'Meopta', ['MeoStar R2 2-12x50', 'Optika6 3-18x56', 'MeoPro'], [2000, 6000]),
  optic('Lunetă', 'Kahles', ['Helia 2.4-12x56', 'K525i'], [5000, 14000]),
  optic('Lunetă', 'Hawke', ['Vantage 3-9x40', 'Sidewinder 30 SF', 'Frontier 30'], [500, 2500]),
  optic('Lunetă', 'Schmidt & Bender', ['PM II 5-25x56', 'Klassik 8x56', 'Exos'], [9000, 18000]),
  optic('Termoviziune', 'Pulsar', ['Thermion 2 XQ50', 'Helion 2 XP50', 'Axion XM30'], [6000, 18000]),
  optic('Termoviziune', 'Hikmicro', ['Stellar SQ35', 'Lynx Pro LH19', 'Condor CQ35L'], [4000, 13000]),
  optic('Red dot', 'Aimpoint', ['Micro H-2', 'CompM5', 'Acro P-2'], [2500, 4500]),
  optic('Red dot', 'Holosun', ['507C X2', '510C', '403B'], [800, 2000]),
  optic('Dispozitiv holografic', 'EOTech', ['EXPS3', 'XPS2', '512'], [2500, 4000]),
  optic('Binoclu', 'Swarovski', ['EL Range 10x42', 'NL Pure 10x42', 'CL Companion 8x30'], [5000, 14000]),
  optic('Binoclu', 'Nikon', ['Monarch M7 10x42', 'Prostaff P7 8x42'], [900, 2500]),
  optic('Binoclu', 'Zeiss', ['Victory SF 10x42', 'Terra ED 10x42', 'Conquest HD 8x42'], [1500, 10000]),
  accessory('Bipod', 'Harris', ['S-BRM 6-9', 'HBLMS', 'S-LM'], [400, 1100]),
  accessory('Seif', 'Burg-Wächter', ['Ranger S2', 'Rubin', 'Combi-Line'], [1200, 5000]),
  accessory('Toc', 'Kydex', ['OWB Glock 17', 'IWB CZ Shadow', 'Safariland 6378'], [150, 600]),
  accessory('Încărcător', 'Glock', ['17 cartușe', '33 cartușe', '10 cartușe'], [120, 400], ['9x19']),
  accessory('Încărcător', 'CZ', ['Shadow 2 19 cartușe', '457 5 cartușe'], [150, 450], ['9x19', '.22 LR']),
  accessory(
    'Amortizor',
    'Ase Utra',
    ['SL7i', 'Jet Z', 'North 845'],
    [1500, 3500],
    ['.308 Win', '6.5 Creedmoor'],
  ),
  accessory('Montură', 'Recknagel', ['Era 30mm', 'Picatinny 34mm', 'Blaser sattel'], [300, 1500]),
  accessory('Curea', 'Niggeloh', ['Trail', 'Loden', 'Pro'], [80, 350]),
  accessory('Husă', 'Beretta', ['Gamekeeper', 'Transformer', 'Tactical'], [250, 900]),
  accessory('Kit curățare', 'Otis', ['Elite', 'Patriot', 'Universal'], [150, 700]),
];

/** Where ads come from, by how many people live there (București and the big counties most). */
export const COUNTY_WEIGHTS: [CountyCode, number][] = [
  ['B', 18],
  ['IF', 5],
  ['CJ', 7],
  ['TM', 6],
  ['IS', 6],
  ['CT', 5],
  ['BV', 5],
  ['PH', 5],
  ['DJ', 4],
  ['BH', 4],
  ['GL', 3],
  ['AR', 3],
  ['SB', 3],
  ['MS', 3],
  ['BC', 3],
  ['SV', 4],
  ['AG', 4],
  ['MM', 3],
  ['HD', 3],
  ['NT', 3],
  ['BZ', 2],
  ['DB', 3],
  ['BR', 2],
  ['BT', 2],
  ['VL', 2],
  ['AB', 2],
  ['OT', 2],
  ['VS', 2],
  ['GJ', 2],
  ['SM', 2],
  ['HR', 2],
  ['BN', 2],
  ['VN', 2],
  ['TR', 2],
  ['CS', 2],
  ['MH', 1],
  ['SJ', 1],
  ['CL', 1],
  ['IL', 1],
  ['GR', 1],
  ['TL', 1],
  ['CV', 1],
];

/** Sentences sellers write, with numbers the way they write them; {n} becomes a number. */
export const PHRASES = [
  'Cumpărată în {year}, folosită puțin.',
  'Aproximativ {rounds} de cartușe trase.',
  'Stare foarte bună, întreținută cu grijă.',
  'Vine cu cutia originală și {mags} încărcătoare.',
  'Trăgaci reglat, țeavă curată.',
  'Ideală pentru vânătoare la mistreț și căprior.',
  'Precisă la tir, grupaj sub 1 MOA la 100 m.',
  'Acte în regulă, transfer prin armurier autorizat.',
  'Vând pentru upgrade, fără schimburi.',
  'Preț negociabil, discuții doar la telefon.',
  'Garanție {warranty} ani, factură de la armurier.',
  'Lunetă și montură incluse în preț.',
  'Predare personală sau prin armurier în județ.',
  'Două curele și husă cadou.',
];

/** One ad in a thousand mentions it: the "rare word" of the benchmarks. */
export const RARE_WORD = 'damaschinată';
export const COMMON_WORD = 'carabina';

export const caliberIdsOf = (product: Product, resolve: (name: string) => CaliberId | null) =>
  product.calibers.map(resolve).filter((id): id is CaliberId => id !== null);
