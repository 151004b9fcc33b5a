import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file of common/ (tests left out), by its path relative to common/. */
function sources(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full, base);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.relative(base, full)] : [];
  });
}

/** The relative modules a file imports or re-exports, types included: a cycle of types is a cycle to read. */
function importsOf(root: string, file: string, known: Set<string>): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
    const target = path.normalize(path.join(path.dirname(file), match[1] ?? '')).replace(/\.js$/, '');
    for (const candidate of [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')])
      if (known.has(candidate)) {
        found.push(candidate);
        break;
      }
  }
  return found;
}

/** A cycle of imports, as the files in order, or null. Depth first, each file finished once. */
function firstCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...trail.slice(trail.indexOf(file)), file];
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe("common/'s imports", () => {
  it('form no circle: the texts, the schemas and the sale vocabulary read downward (issue 43 §13)', () => {
    const root = import.meta.dirname;
    const files = sources(root);
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(root, file, known)]));
    expect(firstCycle(graph)).toBeNull();
    expect(graph.get('messages.ts')).toContain('sale-vocabulary.ts');
    expect(graph.get('sale-vocabulary.ts')).toEqual([]);
  });
});
