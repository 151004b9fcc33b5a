import { TRIGRAM_LENGTH, trigramsOf } from '../../lib/trigrams.js';

/**
 * The distinct texts of one kind in the concert search index (decision 0049): every event name, artist
 * name, or venue with its city once, the documents that hold each, and what finds the candidates for a
 * test: a trigram posting list per three characters, and for names the texts in order (a prefix is a
 * range of them) and a posting list per whole word.
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A letter or digit at `index`, as the database's `[:alnum:]` reads one. */
export function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(index) as number));
}

/** The runs of letters and digits of a text, split exactly where `isWordCharacter` says. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let index = 0; index <= text.length; index += 1) {
    const inWord = index < text.length && isWordCharacter(text, index);
    if (inWord && start === -1) start = index;
    else if (!inWord && start !== -1) {
      words.push(text.slice(start, index));
      start = -1;
    }
  }
  return words;
}

/** Posting lists longer than this are not intersected: a term that common is found by walking the dates. */
const INTERSECT_UP_TO = 50_000;
/** How many more posting lists than the rarest one are intersected at most. */
const INTERSECTED_LISTS = 3;

/** The groups in both ascending lists: each of the shorter one looked up in the longer one. */
function intersection(shorter: number[], longer: number[]): number[] {
  const both: number[] = [];
  let from = 0;
  for (const group of shorter) {
    let end = longer.length;
    while (from < end) {
      const middle = (from + end) >>> 1;
      if ((longer[middle] as number) < group) from = middle + 1;
      else end = middle;
    }
    if (longer[from] === group) both.push(group);
  }
  return both;
}

/** The first of `count` positions where `before` stops holding (it holds for a leading run only). */
export function firstWhere(count: number, before: (position: number) => boolean): number {
  let start = 0;
  let end = count;
  while (start < end) {
    const middle = (start + end) >>> 1;
    if (before(middle)) start = middle + 1;
    else end = middle;
  }
  return start;
}

function addTo(postings: Map<string | number, number[]>, key: string | number, group: number): void {
  const posting = postings.get(key);
  if (posting) posting.push(group);
  else postings.set(key, [group]);
}

export class TextGroups {
  readonly texts: string[] = [];
  readonly documents: number[][] = [];
  private readonly idOf = new Map<string, number>();
  private readonly postings = new Map<string | number, number[]>();
  private readonly words = new Map<string | number, number[]>();
  /** The groups by text, and the words, as of `sortTexts`; those added since are checked one by one. */
  private sorted = new Int32Array(0);
  private readonly unsorted: number[] = [];
  private sortedWords: string[] = [];
  private readonly unsortedWords: string[] = [];
  /** Per group, the query that last marked it a candidate, and the one that last tested it. */
  private markedBy = new Uint32Array(1_024);
  private testedBy = new Uint32Array(1_024);
  private passed = new Uint8Array(1_024);

  /** The group of `text`, added if new. */
  groupOf(text: string): number {
    let group = this.idOf.get(text);
    if (group !== undefined) return group;
    group = this.texts.length;
    this.idOf.set(text, group);
    this.texts.push(text);
    this.documents.push([]);
    for (const key of trigramsOf(text)) addTo(this.postings, key, group);
    for (const word of new Set(wordsOf(text))) {
      if (!this.words.has(word)) this.unsortedWords.push(word);
      addTo(this.words, word, group);
    }
    this.unsorted.push(group);
    if (group >= this.markedBy.length) this.grow();
    return group;
  }

  /**
   * Groups that may contain `text` ('all' below three characters): those in the rarest of its trigrams'
   * posting lists and, while that leaves more than `few` of a list of at most INTERSECT_UP_TO, in the
   * next rarest ones too (a misspelt common word whose trigrams are each common).
   */
  containing(text: string, few: number): number[] | 'all' {
    if (text.length < TRIGRAM_LENGTH) return 'all';
    const lists: number[][] = [];
    for (const key of trigramsOf(text)) {
      const posting = this.postings.get(key);
      if (!posting) return [];
      lists.push(posting);
    }
    lists.sort((a, b) => a.length - b.length);
    let groups = lists[0] ?? [];
    if (groups.length > INTERSECT_UP_TO) return groups;
    for (const list of lists.slice(1, 1 + INTERSECTED_LISTS)) {
      if (groups.length <= few) break;
      groups = intersection(groups, list);
    }
    return groups;
  }

  /** The group whose text is exactly `text`, if any. */
  exactly(text: string): number[] {
    const group = this.idOf.get(text);
    return group === undefined ? [] : [group];
  }

  /** Groups holding `word` as a whole word. */
  withWord(word: string): number[] {
    return this.words.get(word) ?? [];
  }

  /** Whether some text holds a whole word that starts with `prefix` and passes `accept`. */
  hasWordStartingWith(prefix: string, accept: (word: string) => boolean): boolean {
    const long = (word: string) => word.startsWith(prefix) && accept(word);
    let at = firstWhere(
      this.sortedWords.length,
      (position) => (this.sortedWords[position] as string) < prefix,
    );
    for (; at < this.sortedWords.length && (this.sortedWords[at] as string).startsWith(prefix); at += 1)
      if (long(this.sortedWords[at] as string)) return true;
    return this.unsortedWords.some(long);
  }

  /**
   * Groups whose text starts with `prefix`: a range of the sorted texts, and the groups added since. The
   * count comes first; the list is made only for the source a tier takes its candidates from.
   */
  startingWith(prefix: string): { count: number; list: () => number[] } {
    const textOf = (position: number) => this.texts[this.sorted[position] as number] as string;
    const from = firstWhere(this.sorted.length, (position) => textOf(position) < prefix);
    const to = firstWhere(this.sorted.length, (position) => {
      const text = textOf(position);
      return text < prefix || text.startsWith(prefix);
    });
    const later = this.unsorted.filter((group) => (this.texts[group] as string).startsWith(prefix));
    return { count: to - from + later.length, list: () => [...this.sorted.subarray(from, to), ...later] };
  }

  /** Sorts every text and word so far (UTF-16 order, as `<` compares), for the prefix lookups. */
  sortTexts(): void {
    const texts = [...this.texts].sort();
    this.sorted = Int32Array.from(texts, (text) => this.idOf.get(text) as number);
    this.unsorted.length = 0;
    this.sortedWords = [...this.words.keys()].map(String).sort();
    this.unsortedWords.length = 0;
  }

  mark(groups: number[], query: number): void {
    for (const group of groups) this.markedBy[group] = query;
  }

  /** Which query last marked each group (valid until the next group is added). */
  get marks(): Uint32Array {
    return this.markedBy;
  }

  /** `test` on the group's text, run once per group and query. */
  passes(group: number, query: number, test: (text: string) => boolean): boolean {
    if (this.testedBy[group] !== query) {
      this.testedBy[group] = query;
      this.passed[group] = test(this.texts[group] as string) ? 1 : 0;
    }
    return this.passed[group] === 1;
  }

  /** Marks on every group are from older queries once the query number wraps around. */
  clearMarks(): void {
    this.markedBy.fill(0);
    this.testedBy.fill(0);
  }

  private grow(): void {
    const size = this.markedBy.length * 2;
    const grown = <T extends Uint32Array | Uint8Array>(from: T, to: T) => {
      to.set(from);
      return to;
    };
    this.markedBy = grown(this.markedBy, new Uint32Array(size));
    this.testedBy = grown(this.testedBy, new Uint32Array(size));
    this.passed = grown(this.passed, new Uint8Array(size));
  }
}
