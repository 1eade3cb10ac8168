/**
 * The clean-up both sides of search share (query words, ad documents, caliber names): accents off,
 * lower case, decimal comma to point, '7.62 x 39' to '7.62x39', '9 mm' to '9mm', '12 ga' to '12ga'.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/(\d)\s*[x×]\s*(\d)/g, '$1x$2')
    .replace(/(\d)\s+(mm|ga)\b/g, '$1$2');
}
