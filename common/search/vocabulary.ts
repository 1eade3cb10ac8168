/**
 * The trade's vocabulary for search, applied to queries and to ad documents alike (keys are in the
 * form normalizeSearchText gives: lower case, no diacritics).
 *
 * LEMMAS: forms the Romanian stemmer does not bring to the stem of the form ads are indexed under
 * (irregular plurals and case forms: puști → pușcă, arme → armă). Each key is replaced by its value.
 */
export const LEMMAS: Readonly<Record<string, string>> = {
  pusti: 'pusca',
  pustile: 'pusca',
  pustilor: 'pusca',
  pustii: 'pusca',
  pustiului: 'pusca',
  puste: 'pusca',
  arme: 'arma',
  armele: 'arma',
  armelor: 'arma',
  armei: 'arma',
  cartuse: 'cartus',
  cartusele: 'cartus',
  cartuselor: 'cartus',
  incarcatoare: 'incarcator',
  incarcatoarele: 'incarcator',
  incarcatorul: 'incarcator',
  lunete: 'luneta',
  lunetele: 'luneta',
  lunetei: 'luneta',
  carabine: 'carabina',
  carabinele: 'carabina',
  carabinei: 'carabina',
  pistoale: 'pistol',
  pistoalele: 'pistol',
  pistolul: 'pistol',
  revolvere: 'revolver',
  revolverul: 'revolver',
  tevi: 'teava',
  tevile: 'teava',
  tevii: 'teava',
  binocluri: 'binoclu',
  binoclul: 'binoclu',
  seifuri: 'seif',
  seiful: 'seif',
  tocuri: 'toc',
  tocul: 'toc',
  curele: 'curea',
  curelele: 'curea',
  amortizoare: 'amortizor',
  amortizorul: 'amortizor',
  moderatoare: 'amortizor',
  moderator: 'amortizor',
  bipode: 'bipod',
  bipodul: 'bipod',
  cutii: 'cutie',
  genti: 'geanta',
  gentile: 'geanta',
  huse: 'husa',
  husele: 'husa',
  montaje: 'montura',
  monturi: 'montura',
  inele: 'inel',
};

/**
 * Words written together that ads also write apart (both directions are indexed).
 */
export const JOINED_WORDS: Readonly<Record<string, string>> = {
  reddot: 'red dot',
  redot: 'red dot',
  greendot: 'green dot',
  boltaction: 'bolt action',
  pumpaction: 'pump action',
  semiauto: 'semi auto',
  semiautomat: 'semi automat',
  termoviziune: 'termo viziune',
  nightvision: 'night vision',
  holosight: 'holo sight',
  smithwesson: 'smith wesson',
};

/**
 * A letters-then-digits word ('glock17', 'cz75', 'p226') split as ads also write it ('glock 17').
 * A rule, not a list: any model code is written joined, apart or hyphenated ('cz-75').
 */
export function splitModelNumber(word: string): string | null {
  const match = /^([a-z]+)(\d{1,4})$/.exec(word);
  return match ? `${match[1]} ${match[2]}` : null;
}

/** Two words that may be one model code written apart ('cz', '75' → 'cz75'), or null. */
export function joinModelNumber(letters: string, digits: string): string | null {
  return /^[a-z]+$/.test(letters) && /^\d{1,4}$/.test(digits) ? `${letters}${digits}` : null;
}
