import { caliberOfName } from '../../../common/calibers';
import { COUNTIES, type CountyCode } from '../../../common/counties';
import type { Category } from '../../../common/values';
import { PRODUCTS } from '../../seed/catalog';

/**
 * The judged set's fixed catalogue: ads made from the seed catalogue's products, several per
 * product, written the ways sellers write (joined model numbers, "cal.", plurals in descriptions),
 * each in a county. Deterministic: the same ads every run, so judgments stay true.
 */
export type FixtureAd = {
  key: string;
  title: string;
  description: string;
  category: Category;
  noun: string;
  brand: string;
  model: string;
  caliber: string | null;
  caliberId: string | null;
  county: CountyCode;
  location: string;
};

const DESCRIPTIONS = [
  'Stare foarte bună, folosită puțin, acte în regulă.',
  'Vând pentru upgrade, transfer prin armurier autorizat.',
  'Cutie originală, două încărcătoare, curățată după fiecare ședință.',
  'Ideală pentru vânătoare, grupaj excelent la 100 m.',
  'Preț negociabil, predare personală.',
];

function titleFor(
  noun: string,
  brand: string,
  model: string,
  caliber: string | null,
  variant: number,
): string {
  const joined = /^\d+$/.test(model.split(' ')[0] ?? '')
    ? `${brand}${model.split(' ')[0]}${model
        .split(' ')
        .slice(1)
        .map((w) => ` ${w}`)
        .join('')}`
    : `${brand} ${model}`;
  switch (variant % 4) {
    case 0:
      return `${noun} ${brand} ${model}${caliber ? `, ${caliber}` : ''}`;
    case 1:
      return `${brand} ${model}${caliber ? ` cal. ${caliber}` : ''}`;
    case 2:
      return `Vând ${noun.toLowerCase()} ${joined}${caliber ? ` ${caliber}` : ''}`;
    default:
      return `${noun} ${brand} ${model} ca nou${noun.endsWith('ă') ? 'ă' : ''}`;
  }
}

export function fixtureCatalogue(): FixtureAd[] {
  const ads: FixtureAd[] = [];
  let n = 0;
  for (const product of PRODUCTS) {
    const combos = product.models.flatMap((model, m) =>
      (product.calibers.length ? product.calibers : [null]).map((caliber, c) => ({
        model,
        caliber,
        order: m + c,
      })),
    );
    for (const { model, caliber } of combos.slice(0, 6)) {
      const county = COUNTIES[(n * 7) % COUNTIES.length]!;
      ads.push({
        key: `ad${n}`,
        title: titleFor(product.noun, product.brand, model, caliber, n),
        description: `${DESCRIPTIONS[n % DESCRIPTIONS.length]} Predare în ${county.seat}.`,
        category: product.category,
        noun: product.noun,
        brand: product.brand,
        model,
        caliber,
        caliberId: caliber ? caliberOfName(caliber) : null,
        county: county.code,
        location: county.seat,
      });
      n += 1;
    }
  }
  return ads;
}
