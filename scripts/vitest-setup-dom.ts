import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * How long a findBy/waitFor waits for what it expects before it fails the test. Not a speed budget:
 * pages load lazily (route chunks, the toaster), and on a loaded 2-core machine a first render took
 * over 10 s; testing-library's 1 s default and a later 5 s failed tests on timing alone. A wait that
 * is passed its own timeout (a countdown's few seconds) keeps it.
 */
const UI_WAIT_LIMIT_MS = 60_000;
configure({ asyncUtilTimeout: UI_WAIT_LIMIT_MS });

afterEach(() => cleanup());
