/**
 * IBAN check digits (ISO 13616, mod 97): only a number whose check digits hold is treated as a bank
 * account, so a serial number or a reference that happens to look like one does not warn anyone.
 */

/** Each country's IBAN length, for the countries a buyer in Romania meets (EU, EEA, UK, CH and neighbours). */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MD: 24,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  RS: 22,
  SE: 24,
  SI: 19,
  SK: 24,
  TR: 26,
  UA: 29,
};

/** Whether `candidate` (spaces allowed) is an IBAN of a known country with valid check digits. */
export function isValidIban(candidate: string): boolean {
  const iban = candidate.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  // Move the country and check digits to the end, letters to numbers (A=10 … Z=35), then mod 97,
  // a few digits at a time so the number never leaves a double's exact range.
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/**
 * The IBANs in a text: a country code, two check digits and groups of letters and digits, written
 * joined or in groups of four; each candidate is kept only when its check digits hold.
 */
export function findIbans(text: string): string[] {
  const candidates = text.toUpperCase().match(/\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){10,30}\b/g) ?? [];
  const found: string[] = [];
  for (const candidate of candidates) {
    // A match may run on into the next word ("RO49AAAA1B31007593840000 pentru"): try shorter ends too.
    const compact = candidate.replace(/[\s-]/g, '');
    const length = IBAN_LENGTHS[compact.slice(0, 2)];
    if (length !== undefined && compact.length >= length && isValidIban(compact.slice(0, length)))
      found.push(compact.slice(0, length));
  }
  return found;
}
