import { CALIBERS, type CaliberId, caliberKey, caliberOfName } from '@common/calibers';
import { KNOWN_BRANDS } from '@common/values';
import type { ComboboxOption } from '@web/components/ui/combobox';

type Ranked = { option: ComboboxOption; rank: number; order: number };

const byRank = (a: Ranked, b: Ranked) => a.rank - b.rank || a.order - b.order;

/**
 * Calibers for what was typed, found through every name of each ('parabellum' and '9mm luger' both
 * find 9x19), the exact name first, then names that start with the text, then the rest. When the
 * match came through another name than the label, that name is the option's hint.
 */
export function caliberOptions(text: string): ComboboxOption[] {
  const key = caliberKey(text);
  if (!key) return CALIBERS.map((caliber) => ({ value: caliber.id, label: caliber.label }));
  const exact = caliberOfName(text);
  const ranked: Ranked[] = [];
  CALIBERS.forEach((caliber, order) => {
    const names = [caliber.label, caliber.id, ...caliber.names];
    const keys = names.map(caliberKey);
    const at = keys.findIndex((name) => name.startsWith(key));
    const within = at >= 0 ? at : keys.findIndex((name) => name.includes(key));
    if (within < 0) return;
    const rank = caliber.id === exact ? 0 : at >= 0 ? 1 : 2;
    const hint = within >= 2 && !keys[0]!.includes(keys[within]!) ? names[within] : undefined;
    ranked.push({ option: { value: caliber.id, label: caliber.label, hint }, rank, order });
  });
  return ranked.sort(byRank).map((entry) => entry.option);
}

export const caliberOptionLabel = (id: CaliberId | '') =>
  CALIBERS.find((caliber) => caliber.id === id)?.label ?? '';

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, '');

/** Known brands for what was typed: those starting with it first, then those containing it. */
export function brandOptions(text: string): ComboboxOption[] {
  const key = fold(text);
  const ranked: Ranked[] = [];
  KNOWN_BRANDS.forEach((brand, order) => {
    const folded = fold(brand);
    const rank = folded.startsWith(key) ? 0 : folded.includes(key) ? 1 : -1;
    if (rank >= 0) ranked.push({ option: { value: brand, label: brand }, rank, order });
  });
  return ranked.sort(byRank).map((entry) => entry.option);
}
