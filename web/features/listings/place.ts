import { countyName } from '@common/counties';
import type { TFunction } from 'i18next';

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Where an ad is, as people read it: 'Turda, jud. Cluj'; the county alone when it is the locality. */
export function placeText(t: TFunction<'listings'>, location: string, county: string | null): string {
  const name = countyName(county);
  if (!name || fold(location) === fold(name)) return location || name || '';
  return t(county === 'B' ? 'place.inCapital' : 'place.inCounty', { locality: location, county: name });
}

/** An action's words; an old free-text value (before actions were a list) is shown as written. */
export const actionText = (t: TFunction<'listings'>, action: string) =>
  t(`actions.${action}`, { defaultValue: action });
