import { useRef } from 'react';

/*
 * Where keyboard focus goes when the page under it changes: to the new page's main heading, with
 * its title announced to screen readers (app/layout/route-announcer.tsx). Without this, focus falls
 * to <body> when the focused element disappears, and a keyboard user starts over from the top of
 * the document (an audit counted 82 Tabs back to the header after login).
 */

const HEADING_WAIT_MS = 10_000;
/** A page that still shows no h1 by then (the sign-in pages have none) gets <main> focused. */
const NO_HEADING_MS = 1_500;

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
 * spinner), focuses it and announces the document's title; a page without an h1 gets <main>
 * focused instead. `focus: false` only marks the heading as that page's (the first page of a
 * visit: focus starts at the top of the document). Does nothing if the page or the user has put
 * the focus somewhere else meanwhile, and stops once `isCurrent()` (by default: the address still
 * has the path `key`) no longer holds. Returns a cancel function.
 */
export function focusPageHeading(
  key: string,
  { focus = true, isCurrent = () => window.location.pathname === key }: { focus?: boolean; isCurrent?: () => boolean } = {},
): () => void {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return () => undefined;
  const before = document.activeElement;
  // The page focused something of its own (a form's first field): leave it there.
  if (focus && before && before !== main && main.contains(before)) return () => undefined;

  let frame = 0;
  const announce = (text: string) => {
    // The page's <title> is applied as it mounts; read it on the next frame.
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => announcer?.(document.title || text));
  };
  const mayMoveFocus = () => document.activeElement === before || document.activeElement === main || isFocusLost();
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(noHeadingTimer);
  };
  const tryFocus = () => {
    // The next page is already in the DOM (its own watcher takes over).
    if (!isCurrent()) return done();
    const h1 = [...main.querySelectorAll('h1')].find((h) => (h.getAttribute(SHOWN_FOR) ?? key) === key);
    if (!h1) return;
    done();
    h1.setAttribute(SHOWN_FOR, key);
    if (!focus) return;
    if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
    if (mayMoveFocus()) h1.focus({ preventScroll: true });
    announce(h1.textContent ?? '');
  };
  const observer = new MutationObserver(tryFocus);
  const timer = setTimeout(done, HEADING_WAIT_MS);
  const noHeadingTimer = setTimeout(() => {
    if (!focus || !isCurrent() || !mayMoveFocus()) return;
    main.focus({ preventScroll: true });
    announce('');
  }, NO_HEADING_MS);
  observer.observe(main, { childList: true, subtree: true });
  tryFocus();
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
