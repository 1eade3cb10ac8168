import { caliberOfText, calibersNamedIn } from '../../common/calibers';
import { normalizeSearchText } from '../../common/search/normalize';
import { JOINED_WORDS, joinModelNumber, LEMMAS, splitModelNumber } from '../../common/search/vocabulary';

/**
 * Which rules made an ad's search additions. Raise it when LEMMAS, JOINED_WORDS, the caliber list or
 * these functions change: ads made under an older version are remade at start (remakeSearchFields).
 */
export const SEARCH_VERSION = 2;

export type SearchSource = {
  title: string;
  description: string;
  brand: string | null;
  model: string | null;
  caliber: string | null;
};

export type SearchFields = { caliberId: string | null; searchWords: string; searchTokens: string[] };

/** The verbatim lexeme every ad of a caliber carries, and every query naming it asks for. */
export const caliberToken = (caliberId: string) => `cal${caliberId}`;

/** The words of a text as search compares them. */
export const wordsOf = (text: string) =>
  normalizeSearchText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The forms of a word search should also find it by: its lemma when the stemmer misses it, the
 * other spelling of a joined or split word, a model number split from its letters.
 */
export function alternativeForms(word: string): string[] {
  const forms: string[] = [];
  const lemma = LEMMAS[word];
  if (lemma && lemma !== word) forms.push(lemma);
  const apart = JOINED_WORDS[word];
  if (apart) forms.push(apart);
  const split = splitModelNumber(word);
  if (split) forms.push(split);
  return forms;
}

const JOINED_BY_PARTS = new Map(Object.entries(JOINED_WORDS).map(([joined, apart]) => [apart, joined]));

/**
 * The calibers search finds an ad by (issue 26, item 11): its own, or when it has none (a holster,
 * a magazine) those its description names. Never a name's lexeme: "9mm" in a Makarov's title must
 * not make "9mm" (which means 9x19) find it, and every name of a caliber finds the same ads.
 */
function searchCalibers(caliberId: string | null, description: string): string[] {
  return caliberId ? [caliberId] : calibersNamedIn(description);
}

/** What an ad adds to its search document (see the searchWords column). */
export function searchFields(ad: SearchSource): SearchFields {
  const caliberId = caliberOfText(ad.caliber, ad.title);
  const words = wordsOf([ad.title, ad.brand, ad.model, ad.caliber, ad.description].filter(Boolean).join(' '));
  const extra = new Set<string>();
  words.forEach((word, index) => {
    for (const form of alternativeForms(word)) extra.add(form);
    const next = words[index + 1];
    if (next) {
      const joined = JOINED_BY_PARTS.get(`${word} ${next}`);
      if (joined) extra.add(joined);
      // A model code written apart or hyphenated ('CZ 75', 'CZ-75': PostgreSQL reads '-75') is also
      // indexed joined and apart, so every spelling finds it (issue 26, item 25).
      const model = joinModelNumber(word, next);
      if (model) {
        extra.add(model);
        extra.add(`${word} ${next}`);
      }
    }
  });
  return {
    caliberId,
    searchWords: [...extra].join(' '),
    searchTokens: searchCalibers(caliberId, ad.description).map(caliberToken),
  };
}
