import { normalizeSearchText } from './search/normalize';

/**
 * Canonical calibers, with the names Romanian hunters and sport shooters write for each. An ad's
 * caliber text is mapped to one of these (caliberOfText), the browse filter takes the id, and text
 * search treats every name of a caliber as the same thing. `bare` are plain numbers that mean this
 * caliber only after a word like "cal." ("cal. 12", "calibrul 308").
 * Near-equivalents are kept apart where a buyer must not confuse them (.223 Rem is listed with
 * 5.56x45 because ads use the two names for the same rifles; 12/70 and 12/76 stay two calibers).
 */
export const CALIBERS = [
  {
    id: '9x19',
    label: '9x19 (9mm Luger)',
    kind: 'handgun',
    names: [
      '9x19',
      '9x19mm',
      '9mm',
      '9mm luger',
      '9 luger',
      '9mm para',
      '9mm parabellum',
      '9 para',
      '9mm nato',
    ],
    bare: ['9'],
  },
  {
    id: '9x18',
    label: '9x18 Makarov',
    kind: 'handgun',
    names: ['9x18', '9x18 makarov', '9mm makarov', 'makarov 9mm'],
    bare: [],
  },
  {
    id: '380acp',
    label: '.380 ACP (9mm Kurz)',
    kind: 'handgun',
    names: ['.380 acp', '.380', '380 acp', '9mm kurz', '9mm short', '9x17'],
    bare: ['380'],
  },
  {
    id: '765br',
    label: '7.65 Browning (.32 ACP)',
    kind: 'handgun',
    names: ['7.65 browning', '7.65mm browning', '.32 acp', '7.65x17', '7.65mm'],
    bare: ['7.65'],
  },
  {
    id: '762x25',
    label: '7.62x25 Tokarev',
    kind: 'handgun',
    names: ['7.62x25', '7.62x25 tokarev', '7.62 tokarev'],
    bare: [],
  },
  {
    id: '45acp',
    label: '.45 ACP',
    kind: 'handgun',
    names: ['.45 acp', '45 acp', '.45 auto', '11.43x23', '.45'],
    bare: ['45'],
  },
  {
    id: '40sw',
    label: '.40 S&W',
    kind: 'handgun',
    names: ['.40 s&w', '.40 sw', '40 s&w', '.40', '10x22'],
    bare: ['40'],
  },
  { id: '10mm', label: '10mm Auto', kind: 'handgun', names: ['10mm auto', '10mm'], bare: [] },
  {
    id: '357mag',
    label: '.357 Magnum',
    kind: 'handgun',
    names: ['.357 magnum', '.357 mag', '357 magnum', '.357'],
    bare: ['357'],
  },
  {
    id: '38spl',
    label: '.38 Special',
    kind: 'handgun',
    names: ['.38 special', '.38 spl', '38 special', '.38'],
    bare: ['38'],
  },
  {
    id: '44mag',
    label: '.44 Magnum',
    kind: 'handgun',
    names: ['.44 magnum', '.44 mag', '44 magnum', '.44'],
    bare: ['44'],
  },
  {
    id: '22lr',
    label: '.22 LR',
    kind: 'rimfire',
    names: ['.22 lr', '22 lr', '22lr', '.22lr', '.22 long rifle', '.22', '5.6x15', '5.6mm lr'],
    bare: ['22'],
  },
  {
    id: '22wmr',
    label: '.22 WMR',
    kind: 'rimfire',
    names: ['.22 wmr', '22 wmr', '.22 magnum', '.22 mag'],
    bare: [],
  },
  { id: '17hmr', label: '.17 HMR', kind: 'rimfire', names: ['.17 hmr', '17 hmr', '.17'], bare: ['17'] },
  {
    id: '223rem',
    label: '.223 Rem / 5.56x45 NATO',
    kind: 'rifle',
    names: [
      '.223 rem',
      '.223 remington',
      '.223',
      '223 rem',
      '5.56x45',
      '5.56x45 nato',
      '5.56 nato',
      '5.56mm',
      '5.56',
    ],
    bare: ['223'],
  },
  { id: '22250', label: '.22-250 Rem', kind: 'rifle', names: ['.22-250', '22-250', '.22-250 rem'], bare: [] },
  {
    id: '243win',
    label: '.243 Win',
    kind: 'rifle',
    names: ['.243 win', '.243 winchester', '.243', '243 win'],
    bare: ['243'],
  },
  {
    id: '65cm',
    label: '6.5 Creedmoor',
    kind: 'rifle',
    names: ['6.5 creedmoor', '6.5creedmoor', '6.5 cm', '6.5cm', 'creedmoor'],
    bare: [],
  },
  {
    id: '65x55',
    label: '6.5x55 SE',
    kind: 'rifle',
    names: ['6.5x55', '6.5x55 se', '6.5x55 swedish'],
    bare: [],
  },
  {
    id: '270win',
    label: '.270 Win',
    kind: 'rifle',
    names: ['.270 win', '.270 winchester', '.270', '270 win'],
    bare: ['270'],
  },
  { id: '7x64', label: '7x64', kind: 'rifle', names: ['7x64', '7x64mm'], bare: [] },
  {
    id: '7rm',
    label: '7mm Rem Mag',
    kind: 'rifle',
    names: ['7mm rem mag', '7mm remington magnum', '7mm rm', '7mm magnum'],
    bare: [],
  },
  {
    id: '308win',
    label: '.308 Win / 7.62x51 NATO',
    kind: 'rifle',
    names: ['.308 win', '.308 winchester', '.308', '308 win', '7.62x51', '7.62x51 nato', '7.62 nato'],
    bare: ['308'],
  },
  {
    id: '3006',
    label: '.30-06 Springfield',
    kind: 'rifle',
    names: ['.30-06', '30-06', '.30-06 springfield', '30-06 springfield', '7.62x63'],
    bare: [],
  },
  {
    id: '300wm',
    label: '.300 Win Mag',
    kind: 'rifle',
    names: ['.300 win mag', '.300 wm', '300 win mag', '.300 winchester magnum', '.300 wmag'],
    bare: ['300'],
  },
  { id: '762x39', label: '7.62x39', kind: 'rifle', names: ['7.62x39', '7.62x39mm', '7.62 x39'], bare: [] },
  {
    id: '762x54r',
    label: '7.62x54R',
    kind: 'rifle',
    names: ['7.62x54r', '7.62x54', '7.62x54 r', '7.62x53r'],
    bare: [],
  },
  { id: '545x39', label: '5.45x39', kind: 'rifle', names: ['5.45x39', '5.45x39mm'], bare: [] },
  {
    id: '8x57',
    label: '8x57 IS',
    kind: 'rifle',
    names: ['8x57', '8x57 is', '8x57 js', '8x57is', '8x57js', '8mm mauser', '7.92x57'],
    bare: [],
  },
  { id: '8x68s', label: '8x68 S', kind: 'rifle', names: ['8x68', '8x68 s', '8x68s'], bare: [] },
  { id: '93x62', label: '9.3x62', kind: 'rifle', names: ['9.3x62', '9.3x62mm'], bare: [] },
  { id: '93x74r', label: '9.3x74R', kind: 'rifle', names: ['9.3x74r', '9.3x74', '9.3x74 r'], bare: [] },
  {
    id: '12x70',
    label: '12/70',
    kind: 'shotgun',
    names: ['12/70', '12ga', '12 gauge', '12/70mm', '12x70'],
    bare: ['12'],
  },
  {
    id: '12x76',
    label: '12/76 (12 ga 3")',
    kind: 'shotgun',
    names: ['12/76', '12ga 3', '12ga 3"', '12ga magnum', '12/76 magnum', '12x76'],
    bare: ['12'],
  },
  {
    id: '16x70',
    label: '16/70',
    kind: 'shotgun',
    names: ['16/70', '16ga', '16 gauge', '16x70'],
    bare: ['16'],
  },
  {
    id: '20x76',
    label: '20/76',
    kind: 'shotgun',
    names: ['20/76', '20/70', '20ga', '20 gauge', '20x76'],
    bare: ['20'],
  },
  {
    id: '410',
    label: '.410',
    kind: 'shotgun',
    names: ['.410', '410 bore', '410ga', '36ga', '12mm'],
    bare: ['410'],
  },
  {
    id: '45air',
    label: '4.5 mm (.177) aer comprimat',
    kind: 'air',
    names: ['4.5mm', '.177', '4.5'],
    bare: ['4.5'],
  },
  { id: '55air', label: '5.5 mm (.22) aer comprimat', kind: 'air', names: ['5.5mm', '5.5'], bare: ['5.5'] },
] as const;

export type CaliberId = (typeof CALIBERS)[number]['id'];
export const CALIBER_IDS = CALIBERS.map((caliber) => caliber.id) as [CaliberId, ...CaliberId[]];

/** A caliber name in the form both sides compare: normalized text, single spaces, no trailing "mm". */
export function caliberKey(text: string): string {
  return normalizeSearchText(text)
    .replace(/["”″]/g, '"')
    .replace(/[^a-z0-9./&"-]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

const BY_NAME = new Map<string, CaliberId>();
for (const caliber of CALIBERS) {
  for (const name of [caliber.id, caliber.label, ...caliber.names]) BY_NAME.set(caliberKey(name), caliber.id);
}

/** Every name of every caliber as its key, longest first: for finding a caliber inside longer text. */
export const CALIBER_NAME_KEYS: readonly { key: string; id: CaliberId }[] = [...BY_NAME]
  .map(([key, id]) => ({ key, id }))
  .sort((a, b) => b.key.length - a.key.length);

/** The caliber a name stands for ('9mm Luger', '7,62 x 51 NATO', '12 ga'), or null. */
export function caliberOfName(text: string | null | undefined): CaliberId | null {
  return text ? (BY_NAME.get(caliberKey(text)) ?? null) : null;
}

/** Calibers a plain number means after "cal." ("cal. 12" is 12/70 and 12/76). */
export function calibersOfBareNumber(number: string): CaliberId[] {
  return CALIBERS.filter((caliber) => (caliber.bare as readonly string[]).includes(number)).map((c) => c.id);
}

/**
 * The caliber of an ad: its caliber field when that is a known name, else the first known name
 * written in it or in the title ("Glock 17, 9mm" → 9x19). Bare numbers never count here.
 */
export function caliberOfText(caliber: string | null | undefined, title = ''): CaliberId | null {
  const direct = caliberOfName(caliber);
  if (direct) return direct;
  for (const source of [caliber ?? '', title]) {
    const key = ` ${caliberKey(source)} `;
    for (const name of CALIBER_NAME_KEYS) {
      if (/^\d+(\.\d+)?$/.test(name.key)) continue;
      if (containsWhole(key, name.key)) return name.id;
    }
  }
  return null;
}

/**
 * Every caliber a text names ("pentru 9mm și .380 ACP" → 9x19, 380acp), longest names first, each
 * piece of text counted once ("9mm makarov" is 9x18, not also 9x19). Bare numbers never count here.
 */
export function calibersNamedIn(text: string): CaliberId[] {
  let key = ` ${caliberKey(text)} `;
  const found = new Set<CaliberId>();
  for (const name of CALIBER_NAME_KEYS) {
    if (/^\d+(\.\d+)?$/.test(name.key)) continue;
    for (let at = wholeAt(key, name.key); at >= 0; at = wholeAt(key, name.key)) {
      found.add(name.id);
      key = `${key.slice(0, at)}${' '.repeat(name.key.length)}${key.slice(at + name.key.length)}`;
    }
  }
  return [...found];
}

function containsWhole(haystack: string, needle: string): boolean {
  return wholeAt(haystack, needle) >= 0;
}

/** Where `needle` first stands as whole words in `haystack`, or -1. */
function wholeAt(haystack: string, needle: string): number {
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return -1;
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + needle.length] ?? ' ';
    if (!/[a-z0-9.]/.test(before) && !/[a-z0-9]/.test(after)) return at;
    from = at + 1;
  }
}

export function caliberLabel(id: string | null | undefined): string | null {
  return CALIBERS.find((caliber) => caliber.id === id)?.label ?? null;
}
