import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loopbackRedirect } from '@localperks/shared';
import { isLoopbackRequest } from '../lib/loopback';

/**
 * Development only (app.ts): a page opened under another loopback name than APP_URL's is sent to
 * APP_URL's before anyone signs in there (shared `loopbackRedirect`; Vite's dev server does the same,
 * apps/web/vite.config.ts). GET and HEAD only: nothing is posted across a redirect. Only a browser on
 * this machine is redirected: a client on the network naming a loopback host gets what any remote
 * client gets (the development helpers' 404, `isLoopbackRequest`), not a pointer to them.
 */
export const devHostPlugin = fp(async (app: FastifyInstance, opts: { appUrl: string }) => {
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isLoopbackRequest(request)) return;
    const to = loopbackRedirect(request.headers.host, request.url, opts.appUrl);
    if (to) return reply.redirect(to, 302);
  });
});
