import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_PAGES, RENDERED_ON_REQUEST } from '../client/prerendered-pages';
import { APP_MODULES_ATTRIBUTE, PRERENDERED_ATTRIBUTE, START_APP_SCRIPT } from '../common/start-app-script';
import {
  disableControlsUntilApp,
  EVENT_PAGE_ROOT_SLOT,
  EVENT_PAGE_TEMPLATE,
  EVENT_PAGE_TITLE_SLOT,
  PAGE_RENDERER_FOLDER,
  PAGE_RENDERER_MODULE,
  prerenderedFileName,
} from '../server/lib/prerendered-pages';
import { closure, type Manifest, pageKey, readManifest } from './vite-manifest';

type PrerenderModule = typeof import('../client/prerender');

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
/** The build's one stylesheet link: `<link rel="stylesheet" crossorigin href="/assets/index-HASH.css">`. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w-]+\.css)">/;
/** The build's entry script and the chunks it preloads, each tag on a line of its own. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="\/(assets\/[\w-]+\.js)"><\/script>/;
const SHELL_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="\/(assets\/[\w-]+\.js)">/g;
/**
 * The built shell with a page in it and, for a page the build prerenders, its stylesheet inlined, so that
 * the page paints from the HTML alone. A page rendered on request (a show's event page) links the
 * stylesheet instead (`styles: 'linked'`, decision 0089): 65 KB of every page, and most of what each page
 * cost to compress and send, is then fetched once and kept by the browser and the CDN. The app's code
 * (the entry, the chunks it preloads and the page's own chunks) is asked for by START_APP_SCRIPT once the
 * page has painted, not by tags the browser would fetch before painting. The page's controls are
 * disabled: they come alive when the app takes over, so nothing typed is lost and no form is submitted by
 * the browser itself (a login form's password in the address). The styles keep them looking as they will
 * (`[data-prerender-disabled]` in styles.css).
 */
export function fillShell(
  shell: string,
  page: { title: string; html: string; chunks: string[] },
  readAsset: (file: string) => string,
  styles: 'inlined' | 'linked' = 'inlined',
): string {
  const stylesheet = STYLESHEET.exec(shell)?.[1];
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!shell.includes(ROOT_ELEMENT) || !TITLE.test(shell) || !stylesheet || !entry) {
    throw new Error('index.html has no empty #root, no title, no entry script or no stylesheet');
  }
  const css = styles === 'inlined' ? readAsset(stylesheet) : '';
  if (css.includes('</')) throw new Error(`${stylesheet} cannot be inlined: it holds '</'`);
  const styleTag =
    styles === 'inlined' ? `<style>${css}</style>` : `<link rel="stylesheet" href="/${stylesheet}">`;
  const title = page.title.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const shellPreloads = [...shell.matchAll(SHELL_PRELOAD)].map((match) => match[1] ?? '');
  const modules = [...new Set([entry, ...shellPreloads, ...page.chunks])].map((file) => `/${file}`);
  const startApp = `<script ${APP_MODULES_ATTRIBUTE}="${modules.join(' ')}">${START_APP_SCRIPT}</script>`;
  const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}>${disableControlsUntilApp(page.html)}</div>`;
  return shell
    .replace(TITLE, () => `<title>${title}</title>`)
    .replace(ENTRY_SCRIPT, '')
    .replace(SHELL_PRELOAD, '')
    .replace(STYLESHEET, () => `${startApp}\n    ${styleTag}`)
    .replace(ROOT_ELEMENT, () => root);
}

/** The files of the chunks that `modules` (source paths under client/) need, as the manifest names them. */
function chunkFiles(manifest: Manifest, modules: string[]): string[] {
  const keys = closure(
    manifest,
    modules.map((source) => pageKey(manifest, source)),
  );
  return [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
}

/**
 * Renders the visitor pages of the client just built in `outDir` into the files the server looks up
 * (server/lib/prerendered-pages.ts). client/prerender.tsx is built for Node with the same Vite
 * configuration (the aliases, JSX), the dependencies left to Node to load from node_modules.
 */
export async function prerenderVisitorPages(outDir: string, configFile: string | undefined): Promise<void> {
  // Beside the app (a dot folder the server never serves): the server renders event pages with it on
  // request. Inside the project, so that Node finds the dependencies the bundle imports in node_modules.
  const ssrDir = path.join(outDir, PAGE_RENDERER_FOLDER);
  rmSync(ssrDir, { recursive: true, force: true });
  await build({
    configFile,
    logLevel: 'warn',
    // React and every library that renders with it go into the bundle, built for production whatever
    // NODE_ENV the server runs with: development React renders a page two to three times slower
    // (decision 0089). One copy of React inside the bundle, so no library sees another.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: path.resolve(import.meta.dirname, '../client/prerender.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: path.basename(PAGE_RENDERER_MODULE) } },
    },
  });
  const { prerenderPage }: PrerenderModule = await import(
    pathToFileURL(path.join(outDir, PAGE_RENDERER_MODULE)).href
  );
  const manifest = readManifest(outDir);
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const readAsset = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
  const write = (file: string, html: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  };
  for (const [pathname, modules] of Object.entries(PRERENDERED_PAGES)) {
    const page = { ...(await prerenderPage(pathname)), chunks: chunkFiles(manifest, modules) };
    write(path.join(outDir, prerenderedFileName(pathname)), fillShell(shell, page, readAsset));
  }
  // The event page's shell: the server puts a show's head tags and page in its slots (decision 0058).
  const eventChunks = chunkFiles(manifest, RENDERED_ON_REQUEST['/events/:id'] ?? []);
  const eventPage = { title: EVENT_PAGE_TITLE_SLOT, html: EVENT_PAGE_ROOT_SLOT, chunks: eventChunks };
  write(path.join(outDir, EVENT_PAGE_TEMPLATE), fillShell(shell, eventPage, readAsset, 'linked'));
}
