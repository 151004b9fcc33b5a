import {
  createContext,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react';
import { flushSync } from 'react-dom';
import { type Navigator, Router, type To, UNSAFE_createBrowserHistory } from 'react-router';

/**
 * Asked before every in-app navigation: answers true to hold it back, keeping `go` to let it happen
 * later (the listing form's "unsaved changes" dialog). `to` is the address the navigation goes to.
 */
export type NavigationGuard = (go: () => void, to: string) => boolean;

const NavigationGuardContext = createContext<((guard: NavigationGuard) => () => void) | null>(null);
const NavigationPendingContext = createContext(false);

/** Installs `guard` while the calling component is mounted; outside AppRouter nothing is guarded. */
export function useNavigationGuard(guard: NavigationGuard): void {
  const install = useContext(NavigationGuardContext);
  const latest = useRef(guard);
  latest.current = guard;
  useLayoutEffect(() => install?.((go, to) => latest.current(go, to)), [install]);
}

/** True while the next page is being prepared (its code loading) and the previous one is still shown. */
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}

/**
 * React Router in declarative mode over the browser's history (decision 0043: the data router's code
 * weighed 17 KB gzip more on every first load). Each navigation renders in a transition, so the page
 * stays on screen while the next one's code loads, and the guard installed by useNavigationGuard may
 * hold any navigation back, the browser's Back and Forward included.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => UNSAFE_createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  const guard = useRef<NavigationGuard | null>(null);
  // `navigate(to, { flushSync: true })`: this navigation renders at once, before the caller goes on.
  const urgent = useRef(false);

  useLayoutEffect(() => {
    // Back and Forward have moved the browser already: a guard that holds them back has it undone,
    // and the step the guard later lets through comes back here as a POP it is not asked about again.
    let returning = false;
    let letThrough = false;
    return history.listen((update) => {
      if (returning) {
        returning = false;
        return;
      }
      const { delta } = update;
      const go = () => {
        letThrough = true;
        history.go(delta ?? 0);
      };
      const asked = update.action === 'POP' && delta && !letThrough;
      if (asked && guard.current?.(go, history.createHref(update.location))) {
        returning = true;
        history.go(-delta);
        return;
      }
      letThrough = false;
      if (urgent.current) {
        urgent.current = false;
        flushSync(() => setState(update));
      } else startTransition(() => setState(update));
    });
  }, [history]);

  const install = useMemo(
    () => (next: NavigationGuard) => {
      guard.current = next;
      return () => {
        if (guard.current === next) guard.current = null;
      };
    },
    [],
  );
  const navigator = useMemo<Navigator>(() => {
    const attempt = (to: To, go: () => void, options?: { flushSync?: boolean }) => {
      const now = () => {
        urgent.current = options?.flushSync === true;
        go();
      };
      if (guard.current?.(now, history.createHref(to))) return;
      now();
    };
    return {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, routeState, options) => attempt(to, () => history.push(to, routeState), options),
      replace: (to, routeState, options) => attempt(to, () => history.replace(to, routeState), options),
    };
  }, [history]);

  return (
    <NavigationGuardContext.Provider value={install}>
      <NavigationPendingContext.Provider value={pending}>
        <Router navigator={navigator} location={state.location} navigationType={state.action}>
          {children}
        </Router>
      </NavigationPendingContext.Provider>
    </NavigationGuardContext.Provider>
  );
}
