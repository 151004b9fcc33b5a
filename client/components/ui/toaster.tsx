import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '../../../common/constants';

/*
 * Sonner loads with the first toast, not with the page: most visits show none (decision 0082). Every
 * call goes through one promise, so calls run in the order they were made (a dismiss never overtakes its
 * toast), and a toast sent before the Toaster is on screen is shown when it subscribes (sonner replays
 * them).
 */
type Sonner = typeof import('sonner');
let sonnerModule: Promise<Sonner> | undefined;
const toasterWaiting = new Set<() => void>();
const loadSonner = () => {
  if (!sonnerModule) {
    sonnerModule = import('sonner');
    for (const wake of toasterWaiting) wake();
  }
  return sonnerModule;
};
const withSonner = (use: (sonner: Sonner['toast']) => void) =>
  void loadSonner().then((module) => use(module.toast));
/** Whether sonner was asked for, for the Toaster: it mounts sonner's own once there is a toast to show. */
const sonnerWanted = () => sonnerModule !== undefined;
const onSonnerWanted = (wake: () => void) => {
  toasterWaiting.add(wake);
  return () => toasterWaiting.delete(wake);
};
let toastCount = 0;
/** When each toast was shown, so that a dialog opening can take away those of the screen before it. */
const shownAt = new Map<string, number>();
/** A toast shown this shortly before a dialog opens came with it (its own error, say) and stays. */
const SAME_ACTION_MS = 1_000;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}

/** Shows a toast; one is visible at a time and a new one replaces it (spec 000 §9). */
export function toast({
  title,
  description,
  variant = 'default',
  duration = TOAST_DURATION_MS,
}: ToastOptions) {
  toastCount += 1;
  const id = `toast-${toastCount}`;
  const now = Date.now();
  for (const [shown, at] of shownAt) if (at < now - 2 * TOAST_DURATION_MS) shownAt.delete(shown);
  shownAt.set(id, now);
  const options = { id, description, duration };
  withSonner((sonner) => (variant === 'destructive' ? sonner.error(title, options) : sonner(title, options)));
  return id;
}

/**
 * Takes away the toasts shown before a dialog opened: the dialog now covers the screen they spoke of, and on a
 * phone they would sit over its title and hold timer. Called by the dialogs as they open.
 */
export function dismissEarlierToasts(): void {
  const before = Date.now() - SAME_ACTION_MS;
  const earlier = [...shownAt].filter(([, at]) => at < before).map(([id]) => id);
  if (earlier.length === 0) return;
  for (const id of earlier) shownAt.delete(id);
  withSonner((sonner) => {
    for (const id of earlier) sonner.dismiss(id);
  });
}

/**
 * Toasts that belong to one screen: `dismiss()` takes them away once their error is fixed, and
 * they go by themselves when the screen unmounts, so an error never outlives its screen.
 */
export function useScreenToasts() {
  const shown = useRef(new Set<string>());
  const dismiss = useCallback(() => {
    const ids = [...shown.current];
    shown.current.clear();
    if (ids.length > 0)
      withSonner((sonner) => {
        for (const id of ids) sonner.dismiss(id);
      });
  }, []);
  useEffect(() => dismiss, [dismiss]);
  return useMemo(
    () => ({
      toast(options: ToastOptions) {
        const id = toast(options);
        shown.current.add(id);
        return id;
      },
      dismiss,
    }),
    [dismiss],
  );
}

/** The navigation bar's height (h-16) and a gap. */
const NAV_CLEARANCE_PX = 76;

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

export function Toaster() {
  const wanted = useSyncExternalStore(onSonnerWanted, sonnerWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        closeButton
        // Below the fixed 64 px navigation bar, never over it.
        offset={{ top: NAV_CLEARANCE_PX }}
        mobileOffset={{ top: NAV_CLEARANCE_PX }}
        toastOptions={{
          classNames: {
            // 28 px: sonner's own 20 px close button fails WCAG 2.5.8 target size.
            closeButton: '!size-7',
            toast:
              'group !rounded-lg !border !border-border !bg-surface !text-foreground !shadow-[var(--shadow-pop)] !font-sans',
            title: '!font-semibold',
            description: '!text-muted-foreground',
            error: '!border-destructive/40 !bg-destructive-soft !text-destructive-hover',
          },
        }}
      />
    </Suspense>
  );
}
