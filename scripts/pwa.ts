import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { PRODUCT_NAME } from '../common/constants';
import { closure, entryKey, pageKey, readManifest } from './vite-manifest';

/**
 * Encore as an installable web app (issue 47 item 1, decision 0098): the web app manifest, its icons drawn
 * from the brand mark (client/public/favicon.svg) with sharp at build time, and the service worker
 * (client/pwa/sw.ts) built by vite-plugin-pwa from Workbox, with the files it precaches.
 */

const root = path.resolve(import.meta.dirname, '..');
const BRAND_MARK = path.join(root, 'client/public/favicon.svg');
const STYLES = path.join(root, 'client/styles.css');

/** The app's icons, written by the build under icons/ (sizes in px). */
export const APP_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
  // iOS's home screen icon (<link rel="apple-touch-icon">): square and opaque, as iOS rounds it itself.
  { file: 'icons/apple-touch-icon-180.png', size: 180, purpose: 'apple' },
] as const;

/** A colour of the app's palette, as styles.css defines it (`--color-NAME: #rrggbb;`). */
export function paletteColour(name: string, css = readFileSync(STYLES, 'utf8')): string {
  const value = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`))?.[1];
  if (!value) throw new Error(`client/styles.css defines no --color-${name} as #rrggbb`);
  return value.toLowerCase();
}

/**
 * The brand mark drawn full-bleed: its background fills the square and its letter, at 80% of its size,
 * sits well inside the safe zone that a maskable icon keeps whatever shape the system cuts (the middle
 * circle of 80%).
 */
export function fullBleedMark(svg: string): string {
  const defs = svg.match(/<defs>[\s\S]*?<\/defs>/)?.[0];
  const fill = svg.match(/<rect\b[^>]*\bfill="([^"]+)"/)?.[1];
  const letter = svg.match(/<path\b[^>]*\/>/)?.[0];
  const viewBox = svg.match(/viewBox="0 0 (\d+) (\d+)"/);
  if (!defs || !fill || !letter || !viewBox || viewBox[1] !== viewBox[2])
    throw new Error(
      'the brand mark (client/public/favicon.svg) is not a square with a background and a letter',
    );
  const size = Number(viewBox[1]);
  const centre = size / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">`,
    defs,
    `<rect width="${size}" height="${size}" fill="${fill}"/>`,
    `<g transform="translate(${centre} ${centre}) scale(0.8) translate(-${centre} -${centre})">${letter}</g>`,
    '</svg>',
  ].join('');
}

/** The PNG of each of APP_ICONS, from the brand mark. */
export async function renderAppIcons(svg = readFileSync(BRAND_MARK, 'utf8')): Promise<Map<string, Buffer>> {
  const icons = new Map<string, Buffer>();
  for (const icon of APP_ICONS) {
    const source = icon.purpose === 'any' ? svg : fullBleedMark(svg);
    // Drawn at the icon's size (the SVG's own density would draw it at 64 px and scale the pixels up).
    const density = Math.ceil((72 * icon.size) / 64);
    icons.set(
      icon.file,
      await sharp(Buffer.from(source), { density })
        .resize(icon.size, icon.size)
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
  }
  return icons;
}

/** Writes the icons into the client build, where the manifest and index.html name them. */
function appIcons(): Plugin {
  return {
    name: 'encore-app-icons',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async generateBundle() {
      for (const [fileName, source] of await renderAppIcons()) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}

export function webAppManifest(css?: string): Partial<ManifestOptions> {
  return {
    id: '/',
    name: `${PRODUCT_NAME}: fan-to-fan concert tickets`,
    short_name: PRODUCT_NAME,
    description: 'Real Fans, Fair Pricing, Transparent Fees. Your tickets, even without signal at the gate.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'en',
    theme_color: paletteColour('primary', css),
    background_color: paletteColour('background', css),
    icons: APP_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
      src: `/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
    shortcuts: [{ name: 'My Tickets', url: '/my-tickets' }],
  };
}

/** A file the worker may precache: the build writes it under the client folder by this path. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * Modules (Vite manifest keys: source paths under client/) whose code the worker precaches beside the
 * entry's: what every signed-in page loads by itself, so that a member's page opens without a connection
 * even when the worker has not seen it load: the signed-in navigation's menu (with Sign Out) and the
 * toasts (sonner, loaded with the first toast). My Tickets' own code is not precached: a first visit would
 * download it for every visitor; the worker keeps it once a member's page has loaded it.
 */
const OFFLINE_MODULES = ['app/nav-menu.tsx', '../node_modules/sonner/dist/index.mjs'];

/** The one font file the app's text needs (Latin); other scripts' subsets load as a page asks for them. */
const PRECACHED_FONT = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * What the worker precaches, of the files the build wrote: the shell, the manifest, the favicon, and of the
 * built assets only the entry's scripts and stylesheet, OFFLINE_MODULES' scripts and the Latin font. A
 * new visitor's browser has most of these already (they are what the first page loaded, and hashed files
 * are precached from the browser's HTTP cache), so installing the worker downloads little more; any other
 * chunk is kept once a page has loaded it.
 */
export function precachedFiles(clientDir: string, entries: PrecacheEntry[]): PrecacheEntry[] {
  const manifest = readManifest(clientDir);
  const keys = closure(
    manifest,
    OFFLINE_MODULES.map((source) => pageKey(manifest, source)),
    closure(manifest, [entryKey(manifest)]),
  );
  const wanted = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    wanted.add(chunk.file);
    for (const css of chunk.css ?? []) wanted.add(css);
  }
  return entries.filter(
    (entry) => !entry.url.startsWith('assets/') || wanted.has(entry.url) || PRECACHED_FONT.test(entry.url),
  );
}

/** The service worker and the manifest, with the icons they name. */
export function pwa(clientDir: string): Plugin[] {
  return [
    appIcons(),
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'pwa',
      filename: 'sw.ts',
      // The app registers the worker itself once the page is usable (client/pwa/register.ts).
      injectRegister: false,
      manifest: webAppManifest(),
      includeManifestIcons: false,
      injectManifest: {
        // A classic script: every browser with service workers runs it.
        rollupFormat: 'iife',
        // Not the icons: the browser fetches those itself when it installs the app.
        globPatterns: ['index.html', 'manifest.webmanifest', 'favicon.svg', 'assets/*.{js,css,woff2}'],
        // Prerendered and server-rendered pages are never precached: online, pages come from the server.
        globIgnores: ['prerendered/**', '.*/**'],
        manifestTransforms: [
          async (entries) => ({ manifest: precachedFiles(clientDir, entries), warnings: [] }),
        ],
      },
    }),
  ];
}
