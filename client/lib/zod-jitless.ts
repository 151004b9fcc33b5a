/*
 * Zod 4 probes whether it may compile parsers with `new Function`. The app's Content-Security-Policy has
 * no 'unsafe-eval', so the probe is refused, and although zod catches that, the browser still reports a
 * CSP violation (Lighthouse best practices). Zod reads its settings from this global when it loads (it is
 * what `z.config()` writes); setting it here, before any chunk that loads zod, keeps the entry free of
 * zod. Parsing works the same without the compiled fast path; the forms' schemas are small.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
