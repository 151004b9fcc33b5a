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
