import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Pages load lazily (route chunks, the toaster): on a busy 2-core CI machine the first render can take
// longer than testing-library's 1 s default, which made findBy/waitFor fail on timing alone.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// Preact runs effects after the next frame (requestAnimationFrame, or a 35 ms timer without one). jsdom
// paints no frames, and a test's fake timers would hold that timer: effects run on a microtask instead,
// soon after the render as in the browser, whatever the test does with the clock.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
