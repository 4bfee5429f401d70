/** The names one machine answers to itself by: `localhost`, `127.x.x.x`, `[::1]`. */
const LOOPBACK_NAME = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/** A Host header value: a name (or a bracketed IPv6 address) and an optional port. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;
const ORIGIN = /^(https?:\/\/)([^/?#]+)/i;

/**
 * Development only: one machine answers to several loopback names (localhost, 127.0.0.1, [::1]), and
 * a session cookie belongs to one of them. A page opened under another name than APP_URL's goes to
 * APP_URL's before anyone signs in there, so the payment return and the e-mailed links (made from
 * APP_URL) come back to the name the session was made on. Returns where to send a page request (its
 * `Host` header and path) or null to serve it: pages only (the API answers whatever name it is called
 * by), and only between loopback names.
 */
export function loopbackRedirect(host: string | undefined, url: string, appUrl: string): string | null {
  const app = ORIGIN.exec(appUrl);
  const appName = app ? HOST.exec(app[2]!)?.[1] : undefined;
  if (!host || !app || !appName || !LOOPBACK_NAME.test(appName) || host.toLowerCase() === app[2]!.toLowerCase()) return null;
  if (url === '/api' || url.startsWith('/api/')) return null;
  const name = HOST.exec(host)?.[1];
  return name && LOOPBACK_NAME.test(name) ? `${app[1]}${app[2]}${url}` : null;
}

/** A Host header's name without its port, lower-cased: `[::1]:3000` → `[::1]`; null when it is no plain name or address. */
export function hostName(host: string | undefined): string | null {
  const m = HOST.exec(host ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** Whether a host name (as `hostName` gives it) is one of this machine's own: localhost, 127.x.x.x, [::1]. */
export const isLoopbackName = (name: string): boolean => LOOPBACK_NAME.test(name);
