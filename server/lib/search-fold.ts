/**
 * How search text is compared (decision 0040): lower case, accents taken off (canonical decomposition,
 * then the combining marks U+0300–U+036F dropped), and the Latin letters that do not decompose spelled
 * out. The database's `search_fold` (migration 0014) is the same function; an API test holds the two
 * to the same answers on both databases.
 */
const SPELLED_OUT: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_DECOMPOSING = /[øłđħıŀßæœþ]/g;

export function searchFold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(NOT_DECOMPOSING, (letter) => SPELLED_OUT[letter] ?? letter);
}
