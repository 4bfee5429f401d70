import type { ExternalToast, toast as sonnerToast } from 'sonner';

/*
 * The app's toasts, with sonner's call API (`toast(title, { description })`, `toast.success`,
 * `toast.error`…), but sonner itself (~10 kB gzip) loads only when the first toast is shown or the
 * visitor first moves or presses a pointer or a key (components/ui/toaster.tsx), so it stays out of
 * the first load (docs/product/design.md: the first-load JavaScript budget of home and browse).
 *
 * Calls made before sonner arrived run in order once it has; the <Toaster /> receives them when it
 * mounts (sonner replays active toasts to a late subscriber). Each call returns the toast's id
 * at once, so `toast.dismiss(id)` works before sonner has loaded too. Import `toast` from here, not
 * from 'sonner': a direct call would not ask for the toaster.
 */

type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast>[0];
type ToastId = string | number;
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

let sonner: Promise<Sonner> | undefined;
const loadListeners = new Set<() => void>();
let isRequested = false;

/** Starts loading sonner (once) and tells the toaster to mount. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    isRequested = true;
    loadListeners.forEach((l) => l());
    sonner = import('sonner').catch((err: unknown) => {
      // A failed chunk load (e.g. offline) is retried by the next toast.
      sonner = undefined;
      throw err;
    });
  }
  return sonner;
}

/** For the toaster: whether a toast was asked for (or sonner preloaded) yet, and a way to hear of it. */
export const sonnerRequest = {
  get: () => isRequested,
  subscribe: (listener: () => void) => {
    loadListeners.add(listener);
    return () => loadListeners.delete(listener);
  },
};

let nextId = 0;

function show(kind: Kind | null, message: Message, data?: ExternalToast): ToastId {
  const id = data?.id ?? `toast-${++nextId}`;
  void loadSonner()
    .then(({ toast: t }) => (kind ? t[kind] : t)(message, { ...data, id }))
    .catch(() => {
      /* sonner could not load: the toast is lost, as it would be without a toaster */
    });
  return id;
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show(null, message, data), {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  warning: (message: Message, data?: ExternalToast) => show('warning', message, data),
  message: (message: Message, data?: ExternalToast) => show('message', message, data),
  /** Dismisses one toast, or all when no id is given. */
  dismiss: (id?: ToastId) => {
    if (sonner) void sonner.then(({ toast: t }) => t.dismiss(id)).catch(() => undefined);
  },
});
