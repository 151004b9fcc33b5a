import { options } from 'preact';

/**
 * Preact runs a render's effects after the next frame; React runs them before it handles the next input
 * event. Libraries rely on React's order: TanStack Query's `useMutation` takes the options of the latest
 * render (the closure that reads the form's state) in an effect, so text typed and submitted within a
 * frame was sent without its last keystroke. Effects run on a microtask after the commit instead: before
 * any further event, as in React. Imported first by the app and by the client tests.
 */
options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);
