import type { DocumentTexts, IndexTier } from './concert-index.js';
import { queryWords, searchTerm } from './search-terms.js';
import { isWordCharacter, wordsOf } from './text-groups.js';

/**
 * Concert search's tiers (spec 000 §7, decisions 0022 and 0040) as tests the in-memory index runs
 * (decision 0049): the same conditions as the SQL tiers of service.ts, on the same folded texts, with
 * the same ranks. service.ts and an API test hold the two to the same pages.
 */

/** `text` stands in `name` with no letter or digit right before or after it (`(^|\W)text(\W|$)`). */
export function hasWholeWord(name: string, text: string): boolean {
  if (text === '') return false;
  for (let at = name.indexOf(text); at !== -1; at = name.indexOf(text, at + 1)) {
    const end = at + text.length;
    const boundedBefore = at === 0 || !isWordCharacter(name, at - 1);
    const boundedAfter = end === name.length || !isWordCharacter(name, end);
    if (boundedBefore && boundedAfter) return true;
  }
  return false;
}

/** `name` begins with `word` followed by anything but a letter or digit (`^word(\W|$)`). */
function startsWithWord(name: string, word: string): boolean {
  return name.startsWith(word) && (name.length === word.length || !isWordCharacter(name, word.length));
}

const contains = (rank: number, field: IndexTier['field'], text: string): IndexTier => ({
  rank,
  field,
  contains: text,
  test: (value) => value.includes(text),
});

/** The tiers of the query as typed: exact name > artist > name prefix > whole word > first word > contains. */
export function indexQueryTiers(query: string): IndexTier[] {
  const { text } = searchTerm(query);
  const name = (rank: number, test: (value: string) => boolean, found?: Partial<IndexTier>): IndexTier => ({
    rank,
    field: 'name',
    contains: text,
    test,
    ...found,
  });
  const byName = [
    name(0, (value) => value === text, { nameIs: text }),
    contains(1, 'artist', text),
    name(2, (value) => value.startsWith(text), { namePrefix: text }),
    name(3, (value) => hasWholeWord(value, text), { nameWords: wordsOf(text) }),
  ];
  const words = queryWords(text);
  if (words.length === 1) return [...byName, contains(5, 'name', text), contains(5, 'place', text)];
  const first = words[0] as string;
  const firstWordOf = (texts: DocumentTexts) => startsWithWord(texts.name, first);
  // A name starting with the word `first` starts with it, and holds each of its words as a whole word.
  const firstWordFound = { namePrefix: first, nameWords: wordsOf(first) };
  return [
    ...byName,
    name(4, (value) => value.includes(text) && startsWithWord(value, first), firstWordFound),
    { ...contains(4, 'place', text), document: firstWordOf, ...firstWordFound },
    contains(5, 'name', text),
    contains(5, 'place', text),
  ];
}

/** Where the tiers of a corrected query start: below every tier of the query as typed (decision 0040). */
const TYPO_RANK = 10;

/** A query with a one-letter slip corrected: its lineup, name and place matches. */
export function indexTypoTiers(corrected: string): IndexTier[] {
  return [
    contains(TYPO_RANK, 'artist', corrected),
    contains(TYPO_RANK + 1, 'name', corrected),
    contains(TYPO_RANK + 2, 'place', corrected),
  ];
}

/**
 * The fallback's tiers (spec 000 §7): the events whose name or lineup contains the first word, ranked
 * for the first word, each also required to have every other word of the query in its name or lineup.
 */
export function indexFallbackTiers(first: string, words: string[]): IndexTier[] {
  const { text } = searchTerm(first);
  const others = [...new Set(words)].filter((word) => word !== first);
  const document =
    others.length === 0
      ? undefined
      : (texts: DocumentTexts) =>
          others.every((word) => texts.name.includes(word) || texts.lineup.includes(word));
  const name = (rank: number, test: (value: string) => boolean, found?: Partial<IndexTier>): IndexTier => ({
    rank,
    field: 'name',
    contains: text,
    test,
    document,
    ...found,
  });
  return [
    name(0, (value) => value === text, { nameIs: text }),
    { ...contains(1, 'artist', text), document },
    name(2, (value) => value.startsWith(text), { namePrefix: text }),
    name(3, (value) => hasWholeWord(value, text), { nameWords: wordsOf(text) }),
    name(5, (value) => value.includes(text)),
  ];
}
