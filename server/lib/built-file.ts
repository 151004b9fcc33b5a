import { readFileSync, statSync } from 'node:fs';

/** A file of the client build, read again only when a rebuild replaced it; null while it is missing. */
export function builtFile(file: string): () => string | null {
  let cached: { mtimeMs: number; text: string } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    return cached.text;
  };
}
