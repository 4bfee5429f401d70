import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

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
 * Whether a request comes from this machine, for the development helpers (mailbox, on-page admin
 * code; docs/decisions/0007-production-start.md). The socket's own peer must be loopback, and so must
 * every address a proxy forwarded (X-Forwarded-For, X-Real-IP), whether or not TRUST_PROXY is on: a
 * proxy on this machine must not hand the helpers to a remote client. A client may write anything
 * at the start of X-Forwarded-For, but it cannot remove the address a proxy appends for it, so
 * requiring all of them to be loopback is safe against spoofing.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  const forwarded = [request.headers['x-forwarded-for'], request.headers['x-real-ip']]
    .flat()
    .filter((h): h is string => typeof h === 'string')
    .flatMap((h) => h.split(','))
    .map((a) => a.trim());
  return forwarded.every((a) => isLoopbackAddress(a));
}
