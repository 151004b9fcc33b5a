import { type ComponentType, lazy } from 'react';

export interface LazyPage {
  /** Renders the page: at once when its code has loaded, otherwise it suspends until it has. */
  Page: ComponentType;
  /** Loads the page's code; the prerendered pages do so before the app hydrates them. */
  preload(): Promise<unknown>;
}

/** A page whose code is a chunk of its own, loaded on first use (or ahead of it, by `preload`). */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route, when the routes are defined.
  function Page() {
    const Component = loaded ?? Suspending;
    return <Component />;
  }
  return { Page, preload };
}
