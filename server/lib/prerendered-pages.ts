import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PRERENDER_DISABLED_ATTRIBUTE, START_APP_SCRIPT } from '../../common/start-app-script.js';

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

/** The event page's shell (decision 0058), with the slots a show's head tags and page are put in. */
export const EVENT_PAGE_TEMPLATE = path.posix.join(FOLDER, 'event-page.html');
export const EVENT_PAGE_TITLE_SLOT = '__ENCORE_EVENT_PAGE_TITLE__';
export const EVENT_PAGE_ROOT_SLOT = '__ENCORE_EVENT_PAGE_ROOT__';

/**
 * The client's page renderer (client/prerender.tsx) built for Node, beside the app. A dot folder: the
 * server never serves it as a file.
 */
export const PAGE_RENDERER_FOLDER = '.ssr';
export const PAGE_RENDERER_MODULE = path.posix.join(PAGE_RENDERER_FOLDER, 'prerender.mjs');

/** A form control's opening tag; attribute values in rendered HTML hold no '>' (it is escaped). */
const CONTROL = /<(?:button|input|select|textarea)(?=[\s>])[^>]*>/g;
const DISABLED = /\sdisabled(?=[\s=>])/;

/**
 * A rendered page's controls, disabled until the app takes the page over (main.tsx enables them), so
 * nothing typed is lost and no form is submitted by the browser itself. A control the page renders
 * disabled stays as it is.
 */
export function disableControlsUntilApp(html: string): string {
  return html.replace(CONTROL, (tag) =>
    DISABLED.test(tag)
      ? tag
      : tag.replace(/^<\w+/, (name) => `${name} disabled ${PRERENDER_DISABLED_ATTRIBUTE}`),
  );
}

/** The Content-Security-Policy source that lets a prerendered page run the one inline script it has. */
export const START_APP_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(START_APP_SCRIPT).digest('base64')}'`;
