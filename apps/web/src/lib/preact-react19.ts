import { h, options, type ComponentChildren, type VNode } from 'preact';
import { createPortal } from 'preact/compat';
import { useLayoutEffect, useRef } from 'preact/hooks';

/*
 * What the code (and Radix) relies on from React 19 that Preact 10 does differently, for the Preact
 * build (see vite.config.ts). Installed by lib/preact-client.ts before the first render. Each point
 * was found by running the same journeys on a React build and on this one and comparing them.
 *
 * 1. `ref` is a plain prop of function components. React 19 passes `ref` to a function component in
 *    its props (no forwardRef needed), e.g. the header's AvatarButton spreads it onto its <button>,
 *    which is how the account menu (a Radix trigger `asChild`) finds its anchor. Preact 10 would
 *    attach it to the component instance instead. Class components keep their instance ref, as in
 *    React.
 *
 * 2. Document metadata. React hoists a <title> or <meta> rendered anywhere in the tree into <head>;
 *    the pages set their titles that way (`<title>Browse Deals | LocalPerks</title>` in the page
 *    component). Preact would leave them in <body>, where the browser ignores them. Here, as with
 *    React:
 *    - <title>: the most recently mounted one is the document's title; its text follows re-renders,
 *      and when it unmounts the one mounted before it applies again (or, with none, the title the
 *      page was loaded with);
 *    - <meta>: rendered into <head> for as long as it is mounted;
 *    - a <title> inside <svg> and a <title> or <meta> with `itemProp` stay where they are.
 *
 * 3. Effect order. Before React starts a new render, it runs the passive effects (useEffect) still
 *    pending from the last one, children first. Radix counts on it: the account menu opened with the
 *    keyboard focuses its first item only if the items' effects (which register them) ran before the
 *    menu's focus scope effect. Preact runs pending effects after the next frame, except that a
 *    component about to render again first runs its own: a parent's effect can then run before its
 *    new children's (here the focus scope's, before the items had registered). So, as React does,
 *    every pending effect runs when a new render pass starts; otherwise effects keep Preact's timing
 *    (after the next frame, so after a paint, which e.g. toasts need to animate in).
 */

const mountedTitles: { text: string }[] = [];
let loadedTitle: string | undefined;

// A title's text: strings and numbers (an element inside <title> has no text to show).
const textOf = (children: ComponentChildren): string =>
  Array.isArray(children)
    ? children.map(textOf).join('')
    : typeof children === 'string' || typeof children === 'number' || typeof children === 'bigint'
      ? String(children)
      : '';

function showTitle() {
  const text = mountedTitles.at(-1)?.text ?? loadedTitle;
  if (text !== undefined && document.title !== text) document.title = text;
}

function DocumentTitle({ children }: { children?: ComponentChildren }) {
  const text = textOf(children);
  const entry = useRef<{ text: string } | null>(null);
  useLayoutEffect(() => {
    loadedTitle ??= document.title;
    const mine = { text };
    entry.current = mine;
    mountedTitles.push(mine);
    showTitle();
    return () => {
      mountedTitles.splice(mountedTitles.indexOf(mine), 1);
      showTitle();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount and unmount only: the effect below tracks the text
  }, []);
  useLayoutEffect(() => {
    if (entry.current && entry.current.text !== text) {
      entry.current.text = text;
      showTitle();
    }
  }, [text]);
  return null;
}

/** Set while creating the real <meta> in <head>, so the hook below leaves that one alone. */
let isCreatingHeadElement = false;

function HeadMeta(props: Record<string, unknown>) {
  isCreatingHeadElement = true;
  try {
    return createPortal(h('meta', props), document.head);
  } finally {
    isCreatingHeadElement = false;
  }
}

/** Titles written directly inside an <svg> (in the same JSX) are the image's own: back to plain <title>. */
function keepSvgTitles(children: ComponentChildren, depth = 0) {
  if (depth > 6 || children == null || typeof children !== 'object') return;
  if (Array.isArray(children)) {
    for (const c of children) keepSvgTitles(c as ComponentChildren, depth + 1);
    return;
  }
  const vnode = children as VNode<{ children?: ComponentChildren }>;
  if (vnode.type === DocumentTitle) (vnode as { type: unknown }).type = 'title';
  else if (typeof vnode.type === 'string') keepSvgTitles(vnode.props?.children, depth + 1);
}

const isClassComponent = (type: unknown) =>
  typeof type === 'function' && typeof (type.prototype as { render?: unknown } | undefined)?.render === 'function';

// Preact's option hooks are plain functions, chained by keeping the previous one (as preact/hooks does).
// eslint-disable-next-line @typescript-eslint/unbound-method -- Preact calls them without relying on `this`
const previousVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === 'function') {
    // 1. The ref goes to the function component as a prop (what compat's forwardRef does too).
    if (vnode.ref != null && props && !isClassComponent(vnode.type)) {
      props.ref = vnode.ref;
      vnode.ref = null;
    }
  } else {
    // 2. Metadata.
    const isHoistable = !isCreatingHeadElement && props?.itemProp == null;
    if (vnode.type === 'title' && isHoistable) (vnode as { type: unknown }).type = DocumentTitle;
    else if (vnode.type === 'meta' && isHoistable) (vnode as { type: unknown }).type = HeadMeta;
    else if (vnode.type === 'svg') keepSvgTitles(props?.children as ComponentChildren);
  }
  previousVNodeHook?.(vnode);
};

/** Preact's queue of pending passive effects, handed over by its scheduler below. */
let runPendingEffects: (() => void) | undefined;

/** Preact's own timing for effects: after the next frame (rAF, with a timeout if frames stall). */
function afterNextFrame(callback: () => void) {
  let raf = 0;
  const done = () => {
    clearTimeout(timeout);
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(raf);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, 35);
  if (typeof requestAnimationFrame === 'function') raf = requestAnimationFrame(done);
}

options.requestAnimationFrame = (flush) => {
  runPendingEffects = flush;
  afterNextFrame(flush);
};

/*
 * A render pass starts when a diff begins with no other diff under way: a root render, each queued
 * re-render, a flushSync. (A portal renders its content with a nested render() inside its parent's
 * diff: that is not a new pass.) `_diff` (mangled `__b`) is the options hook Preact calls as each
 * diff begins, as preact/debug and @preact/signals use it; `diffed` is called as each one ends, even
 * after an error.
 */
let diffDepth = 0;
const internalOptions = options as typeof options & { __b?: (vnode: VNode) => void };
const previousDiffHook = internalOptions.__b;
internalOptions.__b = (vnode) => {
  if (diffDepth++ === 0) runPendingEffects?.();
  previousDiffHook?.(vnode);
};
// eslint-disable-next-line @typescript-eslint/unbound-method -- as previousVNodeHook above
const previousDiffedHook = options.diffed;
options.diffed = (vnode) => {
  previousDiffedHook?.(vnode);
  if (diffDepth > 0) diffDepth--;
};
