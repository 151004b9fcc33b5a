import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

/**
 * How long a findBy/waitFor waits for what it expects before it fails the test. Not a speed budget:
 * pages load lazily (route chunks, the toaster), and on a loaded 2-core machine a first render took
 * over 10 s; testing-library's 1 s default and a later 5 s failed tests on timing alone. A wait that
 * is passed its own timeout (a countdown's few seconds) keeps it.
 */
const UI_WAIT_LIMIT_MS = 60_000;
configure({ asyncUtilTimeout: UI_WAIT_LIMIT_MS });

/**
 * sonner removes a dismissed toast by a timer 200 ms later, which an unmounted Toaster does not clear;
 * fired after jsdom is torn down, it fails the run with "window is not defined". A file that showed
 * the Toaster keeps jsdom until those timers have run.
 */
const SONNER_REMOVAL_MS = 200;
let toasterShown = false;
afterEach(() => {
  if (document.querySelector('[data-sonner-toaster]')) toasterShown = true;
  cleanup();
});
afterAll(async () => {
  if (toasterShown) await new Promise((resolve) => setTimeout(resolve, SONNER_REMOVAL_MS * 2));
});
