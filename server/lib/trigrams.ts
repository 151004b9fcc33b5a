/** The in-memory search indexes' trigrams (decisions 0048, 0049): three UTF-16 code units of a text. */
export const TRIGRAM_LENGTH = 3;

/** Three UTF-16 code units as one number (each below 2^16, so the sum is exact). */
function trigramAt(text: string, start: number): number {
  return (
    text.charCodeAt(start) * 4_294_967_296 + text.charCodeAt(start + 1) * 65_536 + text.charCodeAt(start + 2)
  );
}

/** Every trigram of the text once; a text holding another holds all of its trigrams. */
export function trigramsOf(text: string): Set<number> {
  const keys = new Set<number>();
  for (let start = 0; start + TRIGRAM_LENGTH <= text.length; start += 1) keys.add(trigramAt(text, start));
  return keys;
}

/** The three code units a trigram number stands for. */
export function trigramText(key: number): string {
  const low = key % 4_294_967_296;
  return String.fromCharCode(Math.floor(key / 4_294_967_296), Math.floor(low / 65_536), low % 65_536);
}
