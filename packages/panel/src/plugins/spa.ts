import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { OutpostError } from '@outpost/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shippedAssets } from '../shippedAssets.js';
import { firstScreenPages } from './firstScreen.js';
import { registerPublic } from './scopes.js';

// Paths the SPA never owns: an unknown one answers a JSON 404 instead of index.html. /auth is
// shared: its calls are POST (and GET /auth/invite/{token}), while GET /auth/login, /auth/register,
// /auth/invite, /auth/forgot and /auth/reset are screens.
const apiPrefixes = ['/api', '/proxy', '/swagger', '/oauth2'];

function isApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Sends a page drawn for one session, compressed as the browser accepts (it carries the
 * stylesheet, some 250 KB as text), and kept by no cache: it is that session's alone.
 */
function sendDrawnPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts)
    ? ['br', brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })]
    : /\bgzip\b/.test(accepts)
      ? ['gzip', gzipSync(html)]
      : [undefined, html];
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.type('text/html').header('cache-control', 'private, no-store').header('vary', 'cookie, accept-encoding').send(body);
}

/**
 * Serves the built web app when it exists, with index.html for unknown GETs so client-side routes
 * survive a reload; everything else unknown answers 404 ErrNotFound.
 */
export async function registerSpa(app: FastifyInstance, webDist = shippedAssets.web): Promise<void> {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  const assetsDir = join(webDist, 'assets') + sep;
  if (hasSpa) {
    await registerPublic(app, fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: 'index.html',
      // The build writes .br and .gz beside each file (packages/web/vite.config.ts); a browser that
      // accepts one gets it, so the first load moves a third of the bytes.
      preCompressed: true,
      // Names under /assets carry a hash of their content: a browser keeps them for good and asks
      // again only for index.html, which names the current ones.
      setHeaders: (reply, path) => {
        if (path.startsWith(assetsDir)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const firstScreen = firstScreenPages(app, webDist);
  app.setNotFoundHandler(async (request, reply) => {
    if (hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      // Read on each load, not sendFile: the static plugin's decorators live in its own (public) context.
      const indexHtml = await readFile(join(webDist, 'index.html'), 'utf8');
      const drawn = request.method === 'GET' ? await firstScreen(request, indexHtml) : undefined;
      return drawn ? sendDrawnPage(request, reply, drawn) : reply.type('text/html').send(indexHtml);
    }
    throw new OutpostError('ErrNotFound', `${request.method} ${request.url.split('?')[0]} not found`, undefined, 404);
  });
}
