// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_MODULES_ATTRIBUTE, START_APP_SCRIPT } from './start-app-script';

const spies: Array<{ mockRestore(): void }> = [];

/** Runs the script as the browser would run it from a tag holding `modules`; returns the frames it asked for. */
function runStartAppScript(modules: string): Array<() => void> {
  const tag = document.createElement('script');
  tag.setAttribute(APP_MODULES_ATTRIBUTE, modules);
  document.head.append(tag);
  spies.push(vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag));
  const frames: Array<() => void> = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  new Function(START_APP_SCRIPT)();
  return frames;
}

const appModules = () => ({
  entry: [...document.head.querySelectorAll('script[type="module"]')].map((script) => [
    script.getAttribute('src'),
    script.getAttribute('crossorigin'),
  ]),
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
  ]),
});

describe('the script that starts a prerendered page', () => {
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
    vi.unstubAllGlobals();
    document.head.replaceChildren();
  });

  it('asks for the entry and preloads the chunks only once the page has painted', async () => {
    const frames = runStartAppScript('/assets/index-A.js /assets/react-B.js /assets/page-C.js');
    expect(appModules()).toEqual({ entry: [], preloads: [] });

    for (const frame of frames) frame();
    expect(appModules().entry).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appModules()).toEqual({
      entry: [['/assets/index-A.js', 'anonymous']],
      preloads: [
        ['/assets/react-B.js', 'anonymous'],
        ['/assets/page-C.js', 'anonymous'],
      ],
    });
  });

  it('starts at once in a tab that is hidden, which paints nothing until it is shown', () => {
    spies.push(vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden'));
    const frames = runStartAppScript('/assets/index-A.js');
    expect(frames).toEqual([]);
    expect(appModules().entry).toEqual([['/assets/index-A.js', 'anonymous']]);
  });
});
