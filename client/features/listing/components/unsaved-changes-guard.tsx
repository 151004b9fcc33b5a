import { useNavigationGuard } from '@client/app/app-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { buttonVariants } from '@client/components/ui/button';
import { LISTING_NOTICE_TEXT } from '@common/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Warns before unsaved changes are lost: a route change asks first (the returned dialog), closing
 * or reloading the tab gets the browser's own prompt. `setDirty` takes effect at once, so a form
 * that has just saved can navigate away in the same tick.
 */
export function useUnsavedChangesGuard() {
  const dirty = useRef(false);
  // The navigation held back while the dialog asks; null when nothing is.
  const [heldBack, setHeldBack] = useState<(() => void) | null>(null);
  const { pathname, search } = useLocation();
  useNavigationGuard((go, to) => {
    if (!dirty.current || to === `${pathname}${search}`) return false;
    setHeldBack(() => go);
    return true;
  });

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const dialog = (
    <AlertDialog
      open={heldBack !== null}
      onOpenChange={(open) => {
        if (!open) setHeldBack(null);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{LISTING_NOTICE_TEXT.unsavedTitle}</AlertDialogTitle>
          <AlertDialogDescription>{LISTING_NOTICE_TEXT.unsavedDescription}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{LISTING_NOTICE_TEXT.stay}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => {
              setHeldBack(null);
              heldBack?.();
            }}
          >
            {LISTING_NOTICE_TEXT.leave}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );

  return { setDirty, dialog };
}
