import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The sha256 sources of index.html's inline scripts (the colour-scheme snippet), so CSP can allow exactly them. */
function inlineScriptHashes(webDist: string): string[] {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
}

/**
 * The Content-Security-Policy of every answer. Scripts come only from the panel (plus the
 * inline snippets of the built index.html, by hash); styles may be inline because Mantine,
 * CodeMirror and xterm inject style tags and attributes; no page may frame the panel.
 */
export function contentSecurityPolicy(webDist: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(webDist).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every panel answer, API errors and the swagger page included: the CSP,
 * no MIME sniffing, no framing (for browsers without frame-ancestors), and no URLs leaking to
 * other sites in the Referer.
 */
export function registerSecurityHeaders(app: FastifyInstance, webDist: string): void {
  const headers = {
    'content-security-policy': contentSecurityPolicy(webDist),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
