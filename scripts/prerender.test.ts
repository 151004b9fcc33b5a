import { describe, expect, it } from 'vitest';
import { START_APP_SCRIPT } from '../common/start-app-script';
import { fillShell } from './prerender';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Encore — Real Fans, Fair Pricing, Transparent Fees</title>
    <script type="module" crossorigin src="/assets/index-AAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-BBBB.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CCCC.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const CSS = 'body{margin:0}';
const readAsset = (file: string) => {
  if (file !== 'assets/index-CCCC.css') throw new Error(`unexpected ${file}`);
  return CSS;
};

describe('fillShell', () => {
  const page = {
    title: 'Log In · Encore',
    html: '<form><input type="text" id="u" value/><button type="submit" disabled="">Wait</button><button type="button">Show</button></form>',
    chunks: ['assets/auth-page-DDDD.js', 'assets/react-BBBB.js'],
  };

  it('puts the page in #root, marked, with its title and its stylesheet inlined', () => {
    const html = fillShell(SHELL, page, readAsset);
    expect(html).toContain('<title>Log In · Encore</title>');
    expect(html).toContain('<div id="root" data-prerendered><form>');
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('links the stylesheet instead for a page rendered on request, which the browser and a CDN keep', () => {
    const html = fillShell(SHELL, page, () => 'a{}</style>', 'linked');
    expect(html).toContain('<link rel="stylesheet" href="/assets/index-CCCC.css">');
    expect(html).not.toContain('<style>');
  });

  it("asks for the entry, the shell's preloads and the page's chunks only from the script that starts the app", () => {
    const html = fillShell(SHELL, page, readAsset);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      `<script data-app-modules="/assets/index-AAAA.js /assets/react-BBBB.js /assets/auth-page-DDDD.js">${START_APP_SCRIPT}</script>`,
    );
  });

  it('disables the controls until the app runs, and marks only those it disabled', () => {
    const html = fillShell(SHELL, page, readAsset);
    expect(html).toContain('<input disabled data-prerender-disabled type="text" id="u" value/>');
    expect(html).toContain('<button disabled data-prerender-disabled type="button">Show</button>');
    // Disabled by the page itself: the app keeps it so.
    expect(html).toContain('<button type="submit" disabled="">Wait</button>');
  });

  it('escapes the title and refuses a shell or stylesheet it cannot fill safely', () => {
    expect(fillShell(SHELL, { ...page, title: 'A <b> & c' }, readAsset)).toContain(
      '<title>A &lt;b> &amp; c</title>',
    );
    expect(() => fillShell(SHELL.replace('<div id="root"></div>', ''), page, readAsset)).toThrow(/#root/);
    expect(() => fillShell(SHELL, page, () => 'a{}</style><script>x</script>')).toThrow(/cannot be inlined/);
  });
});
