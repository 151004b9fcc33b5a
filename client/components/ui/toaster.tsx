import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import { TOAST_DURATION_MS } from '../../../common/constants';

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
  const options = { description, duration };
  return variant === 'destructive' ? sonner.error(title, options) : sonner(title, options);
}

/**
 * Toasts that belong to one screen: `dismiss()` takes them away once their error is fixed, and
 * they go by themselves when the screen unmounts, so an error never outlives its screen.
 */
export function useScreenToasts() {
  const shown = useRef(new Set<string | number>());
  const dismiss = useCallback(() => {
    for (const id of shown.current) sonner.dismiss(id);
    shown.current.clear();
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

export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{
        classNames: {
          toast:
            'group !rounded-lg !border !border-border !bg-surface !text-foreground !shadow-[var(--shadow-pop)] !font-sans',
          title: '!font-semibold',
          description: '!text-muted-foreground',
          error: '!border-destructive/40 !bg-destructive-soft !text-destructive-hover',
        },
      }}
    />
  );
}
