import { useRef } from 'react';

/*
 * Where keyboard focus goes when the page under it changes: to the new page's main heading, with
 * its title announced to screen readers (app/layout/route-announcer.tsx). Without this, focus falls
 * to <body> when the focused element disappears, and a keyboard user starts over from the top of
 * the document (an audit counted 82 Tabs back to the header after login).
 */

const HEADING_WAIT_MS = 10_000;

type Announce = (message: string) => void;
let announcer: Announce | null = null;

/** The route announcer registers itself here; returns the unregister function. */
export function setAnnouncer(announce: Announce) {
  announcer = announce;
  return () => {
    if (announcer === announce) announcer = null;
  };
}

/** The page's main heading (`<main>`'s first h1), made focusable from code only. */
export function mainHeading(): HTMLElement | null {
  const h1 = document.querySelector<HTMLElement>('main h1');
  if (h1 && !h1.hasAttribute('tabindex')) h1.tabIndex = -1;
  return h1;
}

const isFocusLost = () => !document.activeElement || document.activeElement === document.body;

// Which page an h1 was shown for: the page being left may still be on screen for a moment (its
// replacement's code or data is loading), and its heading must not be taken for the new one's.
const SHOWN_FOR = 'data-heading-for';

/**
 * Once the page `key` (its path) shows its h1 (pages that load their data show it after a
 * spinner), focuses it and announces the document's title. `focus: false` only marks the heading
 * as that page's (the first page of a visit: focus starts at the top of the document). Does nothing
 * if the page or the user has put the focus somewhere else meanwhile. Returns a cancel function.
 */
export function focusPageHeading(key: string, { focus = true }: { focus?: boolean } = {}): () => void {
  const main = document.querySelector('main');
  if (!main) return () => undefined;
  const before = document.activeElement;
  // The page focused something of its own (a form's first field): leave it there.
  if (focus && before && before !== main && main.contains(before)) return () => undefined;

  let frame = 0;
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const tryFocus = () => {
    const h1 = [...main.querySelectorAll('h1')].find((h) => (h.getAttribute(SHOWN_FOR) ?? key) === key);
    if (!h1) return false;
    done();
    h1.setAttribute(SHOWN_FOR, key);
    if (!focus) return true;
    if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
    if (document.activeElement === before || isFocusLost()) h1.focus({ preventScroll: true });
    // The page's <title> is applied as it mounts; read it on the next frame.
    frame = requestAnimationFrame(() => announcer?.(document.title || (h1.textContent ?? '')));
    return true;
  };
  const observer = new MutationObserver(() => void tryFocus());
  const timer = setTimeout(done, HEADING_WAIT_MS);
  if (!tryFocus()) observer.observe(main, { childList: true, subtree: true });
  return () => {
    done();
    cancelAnimationFrame(frame);
  };
}

/**
 * Props for a Radix Dialog content: on close, focus goes back to the element that had it when the
 * dialog opened (Radix itself returns it only to a `Dialog.Trigger`, and dialogs opened from code
 * have none). If that element is gone or disabled (the Vote button became Cancel vote, the cart was
 * emptied), to `fallback()`, else where Radix puts it, else to the page's main heading: never to
 * <body>.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const was = opener.current;
      opener.current = null;
      const target = (was?.isConnected && !was.matches(':disabled') ? was : null) ?? fallback?.();
      if (target) {
        event.preventDefault();
        target.focus();
        return;
      }
      // Radix focuses its trigger, if there is one, right after this handler.
      queueMicrotask(() => {
        if (isFocusLost()) mainHeading()?.focus();
      });
    },
  };
}
