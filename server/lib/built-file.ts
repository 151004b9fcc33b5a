import { readFileSync, statSync } from 'node:fs';

/**
 * A file of the client build, read again only when a rebuild replaced it; null while it is missing.
 * `builtAt` tells which build it is (0 while missing).
 */
export function builtFile(file: string): (() => string | null) & { builtAt: () => number } {
  let cached: { mtimeMs: number; text: string } | null = null;
  const read = (): string | null => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    return cached.text;
  };
  return Object.assign(read, { builtAt: () => (read() === null ? 0 : (cached?.mtimeMs ?? 0)) });
}
