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

/** Merges two lists sorted by `before` into one, each item once. */
function merged<T>(first: ArrayLike<T>, second: T[], before: (a: T, b: T) => boolean): T[] {
  const all: T[] = [];
  let a = 0;
  let b = 0;
  while (a < first.length || b < second.length) {
    const fromFirst = b === second.length || (a < first.length && !before(second[b] as T, first[a] as T));
    const next = fromFirst ? (first[a++] as T) : (second[b++] as T);
    if (all.length === 0 || all.at(-1) !== next) all.push(next);
  }
  return all;
}

/** Posting keys and words cleaned between two turns of the event loop while tidying. */
const TIDY_SLICE = 2_000;
/** The documents of a group tidied away: frozen, so that nothing joins it by mistake. */
const NO_DOCUMENTS = Object.freeze([]) as unknown as number[];

/** Drops the gone groups from the lists of `keys`, a slice at a time; false when closed meanwhile. */
async function dropGroups(
  lists: Map<string | number, number[]>,
  keys: (string | number)[],
  gone: Set<number>,
  pause: () => Promise<void>,
  closed: () => boolean,
): Promise<boolean> {
  for (let start = 0; start < keys.length; start += TIDY_SLICE) {
    if (closed()) return false;
    for (const key of keys.slice(start, start + TIDY_SLICE)) {
      const kept = (lists.get(key) ?? []).filter((group) => !gone.has(group));
      if (kept.length === 0) lists.delete(key);
      else lists.set(key, kept);
    }
    await pause();
  }
  return true;
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
  /** Groups whose last document left, not yet tidied away: a text joined again before then revives its group. */
  private readonly dead = new Set<number>();

  /** Distinct texts held, dead ones included until tidied. */
  get size(): number {
    return this.idOf.size;
  }

  /** Groups that are dead or not yet in the sorted order: what a tidying would deal with. */
  get untidyGroups(): number {
    return this.dead.size + this.unsorted.length;
  }

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

  /** The slot joins the group. */
  join(group: number, slot: number): void {
    (this.documents[group] as number[]).push(slot);
    this.dead.delete(group);
  }

  /** The slot leaves the group; a group left with no document is dead until tidied or joined again. */
  leave(group: number, slot: number): void {
    const documents = this.documents[group] as number[];
    const at = documents.indexOf(slot);
    if (at === -1) return;
    documents[at] = documents.at(-1) as number;
    documents.pop();
    if (documents.length === 0) this.dead.add(group);
  }

  /**
   * Tidies away the dead groups and sorts in the groups added since the last sort, the posting lists and
   * words of the dead texts a slice at a time between two turns of the event loop. A dead group is
   * unknown to `groupOf` from the start, so its text written meanwhile makes a new group; searches read
   * the postings throughout and only ever lose groups that hold no document. Group numbers are not reused,
   * so the posting lists stay ascending: a tidied group keeps only its empty place in the arrays.
   */
  async tidy(pause: () => Promise<void>, closed: () => boolean): Promise<void> {
    const gone = new Set(this.dead);
    this.dead.clear();
    const postingKeys = new Set<number>();
    const wordKeys = new Set<string>();
    for (const group of gone) {
      const text = this.texts[group] as string;
      if (this.idOf.get(text) === group) this.idOf.delete(text);
      for (const key of trigramsOf(text)) postingKeys.add(key);
      for (const word of wordsOf(text)) wordKeys.add(word);
    }
    for (const [lists, keys] of [
      [this.postings, postingKeys],
      [this.words, wordKeys],
    ] as const)
      if (!(await dropGroups(lists, [...keys], gone, pause, closed))) return;
    for (const group of gone) {
      this.texts[group] = '';
      this.documents[group] = NO_DOCUMENTS;
    }
    this.sortInAdded(gone);
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

  /** The sorted texts and words without the gone groups, with those added since merged in. */
  private sortInAdded(gone: Set<number>): void {
    const textOf = (group: number) => this.texts[group] as string;
    const byText = (a: number, b: number) => textOf(a) < textOf(b);
    const added = this.unsorted.filter((group) => !gone.has(group));
    added.sort((a, b) => (byText(a, b) ? -1 : byText(b, a) ? 1 : 0));
    this.sorted = Int32Array.from(
      merged(
        this.sorted.filter((group) => !gone.has(group)),
        added,
        byText,
      ),
    );
    this.unsorted.length = 0;
    const held = (word: string) => this.words.has(word);
    const addedWords = this.unsortedWords.filter(held).sort();
    this.sortedWords = merged(this.sortedWords.filter(held), addedWords, (a, b) => a < b);
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
