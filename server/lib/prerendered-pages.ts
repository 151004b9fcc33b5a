import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { START_APP_SCRIPT } from '../../common/start-app-script.js';

/** '/' and one-segment client routes ('/login'): the only addresses a page is prerendered for. */
const PAGE_ADDRESS = /^\/([a-z-]{1,40})?$/;
const FOLDER = 'prerendered';

/** Where the client build keeps the page for `pathname` (scripts/prerender.ts writes it). */
export function prerenderedFileName(pathname: string): string {
  const match = PAGE_ADDRESS.exec(pathname);
  if (!match) throw new Error(`${pathname} cannot be prerendered`);
  return path.posix.join(FOLDER, `${match[1] ?? 'index'}.html`);
}

/**
 * The prerendered page the build made for `pathname`, relative to `clientDir`, or null. Looked up on
 * disk on every use, as other built files are, so that a rebuild while the server runs is served.
 */
export function prerenderedPage(clientDir: string, pathname: string): string | null {
  if (!PAGE_ADDRESS.test(pathname)) return null;
  const file = prerenderedFileName(pathname);
  return existsSync(path.join(clientDir, file)) ? file : null;
}

/** The Content-Security-Policy source that lets a prerendered page run the one inline script it has. */
export const START_APP_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`;
