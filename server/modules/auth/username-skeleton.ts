import { CONFUSABLES_DATA } from './confusables-data.js';

/**
 * The confusable skeleton of a username (Unicode TR39 §4, decision 0064): two names with one skeleton look
 * alike, so a second one is refused as too similar. Steps: NFKD; drop default-ignorable code points, white
 * space and nonspacing or enclosing marks (accents, which NFKD has split off); map every character by the
 * TR39 confusables table; lower-case; map and drop marks once more, since lower case can yield a character
 * the table maps; and last drop the small marks a reader misses at a glance ('.', ',', ''', '`', '·'),
 * which the table itself gives for dot-like letters such as U+0660 ARABIC-INDIC DIGIT ZERO.
 * Spacing marks (most Indic vowel signs) are kept: they are seen. Each step is one pass: linear time.
 */
const IGNORED = /[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Mn}\p{Me}]/gu;
const SMALL_MARKS = /[.,'`\u00b7]/g;

/** The unique index that makes the rule hold under any concurrency (migration 0028). */
export const USERNAME_SKELETON_INDEX = 'users_username_skeleton_idx';

let table: Map<number, string> | undefined;

function confusables(): Map<number, string> {
  if (table) return table;
  table = new Map();
  for (const entry of CONFUSABLES_DATA.split(',')) {
    const [from, to] = entry.split(':');
    if (!from || !to) continue;
    table.set(
      Number.parseInt(from, 16),
      String.fromCodePoint(...to.split(' ').map((hex) => Number.parseInt(hex, 16))),
    );
  }
  return table;
}

function mapConfusables(text: string): string {
  const map = confusables();
  let mapped = '';
  for (const character of text) mapped += map.get(character.codePointAt(0) ?? 0) ?? character;
  return mapped;
}

const clean = (text: string) => text.normalize('NFKD').replace(IGNORED, '');

export function usernameSkeleton(username: string): string {
  const once = clean(mapConfusables(clean(username))).toLowerCase();
  return clean(mapConfusables(once)).toLowerCase().replace(SMALL_MARKS, '');
}
