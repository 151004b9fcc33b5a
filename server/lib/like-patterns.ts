/** Escapes %, _ and the escape character itself so user text matches literally in LIKE (escape '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
