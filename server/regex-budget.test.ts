import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../common/schemas/text.js';
import { searchTerm } from './modules/events/search-terms.js';

/**
 * Issue 6 §1: every regular expression of `common/` and `server/` runs in a small time budget on adversarial
 * input. The expressions are collected from the source itself (every regex literal, found by the TypeScript
 * parser), so one added later is checked too; test code and test helpers are left out. `new RegExp(...)`
 * is not allowed outside test code, because a pattern built at run time cannot be checked here.
 */
const root = path.resolve(import.meta.dirname, '..');
/** Five times the longest bounded field (TEXT_LIMITS.freeText); the regexes only ever see bounded text. */
const INPUT_LENGTH = 10_000;
const BUDGET_MS = 25;

function isTestCode(file: string): boolean {
  const name = path.basename(file);
  return (
    /\.test\.tsx?$/.test(name) ||
    name === 'testing.ts' ||
    name.endsWith('-testing.ts') ||
    file.includes(`${path.sep}test${path.sep}`)
  );
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') files.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !isTestCode(full)) files.push(full);
  }
  return files;
}

interface FoundRegex {
  where: string;
  regex: RegExp;
}

function collect(): { literals: FoundRegex[]; dynamic: string[] } {
  const literals: FoundRegex[] = [];
  const dynamic: string[] = [];
  for (const file of [...sourceFiles(path.join(root, 'common')), ...sourceFiles(path.join(root, 'server'))]) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      const where = `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        literals.push({ where, regex: new RegExp(text.slice(1, end), text.slice(end + 1).replace('g', '')) });
      }
      if (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp') dynamic.push(where);
      if (ts.isCallExpression(node) && node.expression.getText(source) === 'RegExp') dynamic.push(where);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, dynamic };
}

/** The literal runs of a pattern's source ('cloudinary://', '/image/upload/'): prefixes that reach deep. */
function literalRuns(source: string): string[] {
  const runs: string[] = [];
  let current = '';
  for (let index = 0; index < source.length; index++) {
    const char = source[index] ?? '';
    if (char === '\\' && /[^\w]/.test(source[index + 1] ?? 'a')) {
      current += source[index + 1];
      index++;
    } else if (/[\w:@/ .-]/.test(char) && char !== '.') current += char;
    else {
      if (current.length > 1) runs.push(current);
      current = '';
    }
  }
  if (current.length > 1) runs.push(current);
  return runs;
}

/** Strings made to make a backtracking engine try every split: repeated characters and pairs of them. */
function adversarialInputs(regex: RegExp): string[] {
  const alphabet = [...new Set([...'a0 .@:-_/\t\u0000x!', ...regex.source.replace(/\\./g, '')])].filter(
    (char) => !'^$()[]{}|?*+\\'.includes(char),
  );
  const runs = literalRuns(regex.source);
  // 'a@' then 'a.a.a.…': a character of the pattern after a plain one reaches the part of the pattern past it.
  const punctuation = [...new Set(regex.source.replace(/\\[\w]/g, '').replace(/[\w^$()[\]{}|?*+\\]/g, ''))];
  const prefixes = ['', ...runs, runs.join(''), ...punctuation.map((char) => `a${char}`)];
  const bodies: string[] = [];
  for (const first of alphabet) {
    bodies.push(first.repeat(INPUT_LENGTH));
    for (const second of alphabet)
      if (first !== second) bodies.push(`${first}${second}`.repeat(INPUT_LENGTH / 2));
  }
  const inputs: string[] = [];
  // Ending on a character most classes take, or on white space most classes refuse.
  for (const prefix of prefixes)
    for (const body of bodies) inputs.push(`${prefix}${body}!`, `${prefix}${body} x`);
  return inputs;
}

function timeOf(regex: RegExp, input: string): number {
  const started = performance.now();
  regex.test(input);
  input.search(regex);
  return performance.now() - started;
}

/**
 * The slowest input and its time. An input over the budget is timed once more and its better time kept, so
 * a garbage collection or a busy CPU does not fail a linear pattern; a backtracking one is slow every time.
 */
function slowest(regex: RegExp, inputs: string[]): { ms: number; input: string } {
  let worst = { ms: 0, input: '' };
  for (const input of inputs) {
    let ms = timeOf(regex, input);
    if (ms >= BUDGET_MS) ms = Math.min(ms, timeOf(regex, input));
    if (ms > worst.ms) worst = { ms, input };
    if (ms >= BUDGET_MS) return worst;
  }
  return worst;
}

const { literals, dynamic } = collect();

describe('regular expressions under adversarial input', () => {
  it('finds the expressions of common/ and server/ (the collection itself works)', () => {
    expect(literals.length).toBeGreaterThan(10);
    expect(literals.some(({ where }) => where.startsWith('common/schemas/tickets.ts'))).toBe(true);
  });

  it('builds no regular expression at run time outside test code', () => {
    expect(dynamic).toEqual([]);
  });

  it.each(literals.map((found) => [`${found.where} ${found.regex}`, found] as const))(
    '%s stays within the budget',
    (_name, { regex }) => {
      const worst = slowest(regex, adversarialInputs(regex));
      expect(worst.ms, `slowest on ${JSON.stringify(worst.input.slice(0, 40))}…`).toBeLessThan(BUDGET_MS);
    },
  );

  it('catches a backtracking pattern (the check itself can fail)', () => {
    const quadratic = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    expect(slowest(quadratic, adversarialInputs(quadratic)).ms).toBeGreaterThan(BUDGET_MS);
  });

  it('keeps the concert search patterns PostgreSQL runs linear for a maximal query', () => {
    // The SQL patterns use POSIX classes; JavaScript reads [:alnum:] as a-z0-9 here.
    const js = (pattern: string) => new RegExp(pattern.replaceAll('[:alnum:]', 'a-z0-9'));
    const queries = [
      'a'.repeat(TEXT_LIMITS.searchQuery),
      '(a+)+'.repeat(20),
      `${'a '.repeat(7)}${'a'.repeat(85)}`,
    ];
    for (const query of queries) {
      const term = searchTerm(query.slice(0, TEXT_LIMITS.searchQuery));
      for (const pattern of [term.wholeWord, term.firstWord]) {
        const worst = slowest(js(pattern), [
          `${'a'.repeat(INPUT_LENGTH)}!`,
          `${'a '.repeat(INPUT_LENGTH / 2)}`,
        ]);
        expect(worst.ms).toBeLessThan(BUDGET_MS);
      }
    }
  });
});
