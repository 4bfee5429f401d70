import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { hostName, isLoopbackName } from '@localperks/shared';

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  if (a === '::1') return true;
  return isIP(a) === 4 && a.startsWith('127.');
}

/**
 * Whether a development server answers to a request's `Host` (docs/decisions/0040-safe-at-scale.md): this
 * machine's own names (localhost, 127.x.x.x, [::1]; the shared rule of the loopback redirect) and APP_URL's
 * host, as Vite's `allowedHosts` does. A web page that rebinds its own domain to 127.0.0.1 (DNS
 * rebinding) reaches this server with that domain in `Host`, and is refused.
 */
export function isDevelopmentHost(host: string | undefined, appHost: string): boolean {
  const name = hostName(host);
  return name !== null && (isLoopbackName(name) || name === appHost);
}

/**
 * Whether a request comes from this machine, for the development helpers (mailbox, on-page admin
 * code; docs/decisions/0007-production-start.md). The socket's own peer must be loopback, and so must
 * every address a proxy forwarded (X-Forwarded-For, X-Real-IP), whether or not TRUST_PROXY is on: a
 * proxy on this machine must not hand the helpers to a remote client. A client may write anything
 * at the start of X-Forwarded-For, but it cannot remove the address a proxy appends for it, so
 * requiring all of them to be loopback is safe against spoofing.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  // RFC 7239: a proxy that says `Forwarded` is forwarding someone, and which of its `for=` values
  // (obfuscated, `unknown`, quoted IPv6…) is the client is not ours to guess. Remote, then.
  if (request.headers.forwarded !== undefined) return false;
  const forwarded = [request.headers['x-forwarded-for'], request.headers['x-real-ip']]
    .flat()
    .filter((h): h is string => typeof h === 'string')
    .flatMap((h) => h.split(','))
    .map((a) => a.trim());
  return forwarded.every((a) => isLoopbackAddress(a));
}
