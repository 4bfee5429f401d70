import { useCallback, useId, useRef, useState } from 'react';

/**
 * A dialog whose trigger is on the first screen but whose code (Radix Dialog, its focus trap and
 * scroll lock, the content) loads only when wanted: on hover, focus or press of the trigger, or when
 * opened from code. Spread `triggerProps` on a plain <button> (it gets the same ARIA state a Radix
 * trigger has); render the lazy dialog (`open`, `onOpenChange`, `contentId`, `onCloseAutoFocus` from
 * `dialogProps`) inside its own <Suspense> once `isMounted`, and keep it mounted after.
 */
export function useDeferredDialog(preload: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [isMounted, setIsMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();

  const warmUp = useCallback(() => void preload().catch(() => undefined), [preload]);
  const openDialog = useCallback((next = true) => {
    if (next) setIsMounted(true);
    setOpen(next);
  }, []);

  return {
    open,
    isMounted,
    setOpen: openDialog,
    triggerProps: {
      ref: triggerRef,
      type: 'button' as const,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      'aria-controls': open ? contentId : undefined,
      'data-state': open ? 'open' : 'closed',
      onClick: () => openDialog(!open),
      onPointerEnter: warmUp,
      onPointerDown: warmUp,
      onFocus: warmUp,
    },
    dialogProps: {
      open,
      onOpenChange: openDialog,
      contentId,
      // Focus goes back to the trigger on close, as with a Radix trigger.
      onCloseAutoFocus: (e: Event) => {
        e.preventDefault();
        triggerRef.current?.focus();
      },
    },
  };
}

export type DeferredDialogProps = ReturnType<typeof useDeferredDialog>['dialogProps'];
