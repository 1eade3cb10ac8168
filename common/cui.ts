/**
 * The Romanian fiscal code (CUI/CIF) of a business: 2 to 10 digits, optionally after "RO" (VAT payers),
 * the last being a check digit. The check weights the other digits, right-aligned, by 7 5 3 2 1 7 5 3 2;
 * the digit is the sum × 10 mod 11, and 10 counts as 0 (ANAF's published algorithm).
 */
const WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/** The digits of a CUI as typed ("RO 123 456 7" → "1234567"), or null when it is not one. */
export function normalizeCui(value: string): string | null {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  const digits = compact.startsWith('RO') ? compact.slice(2) : compact;
  return /^[1-9]\d{1,9}$/.test(digits) ? digits : null;
}

export function isValidCui(value: string): boolean {
  const digits = normalizeCui(value);
  if (!digits) return false;
  const body = digits.slice(0, -1).padStart(WEIGHTS.length, '0');
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * WEIGHTS[index]!, 0);
  const check = ((sum * 10) % 11) % 10;
  return check === Number(digits.at(-1));
}
