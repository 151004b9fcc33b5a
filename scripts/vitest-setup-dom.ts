import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import '../client/lib/effects-before-next-event';
import { afterEach } from 'vitest';

// Pages load lazily (route chunks, the toaster): on a busy 2-core CI machine the first render can take
// longer than testing-library's 1 s default, which made findBy/waitFor fail on timing alone.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
