import { createHmac, timingSafeEqual } from 'node:crypto';
import { OutpostError, type NodeActor } from '@outpost/shared';

/** What a node token says: which node, user and server it is for, what it may do, until when. */
export interface NodeTokenPayload {
  node: string;
  user: string;
  server: string;
  scopes: string[];
  /** Who the panel names as the author of what the call makes (NodeCaller.actor). */
  actor?: NodeActor;
  /** Expiry, epoch seconds. */
  exp: number;
}

/** Lifetime the panel gives its tokens: long enough for one call or socket handshake. */
export const NODE_TOKEN_TTL_SECONDS = 120;

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/** Signs a token with a node's secret: base64url(JSON payload) + "." + base64url(HMAC-SHA256). */
export function signNodeToken(secret: string, payload: NodeTokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

function invalid(why: string): OutpostError {
  return new OutpostError('ErrTokenInvalid', `token is invalid: ${why}`);
}

/**
 * Checks signature, expiry, node and server; answers the payload. A bad or expired token is
 * 401 ErrTokenInvalid; a good token for another node or server is 403 ErrNoPermission.
 */
export function verifyNodeToken(secret: string, token: string | undefined, expect: { node: string; server: string }): NodeTokenPayload {
  if (!token) throw invalid('missing');
  const dot = token.indexOf('.');
  if (dot < 1) throw invalid('malformed');
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const wanted = Buffer.from(mac(secret, body), 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalid('bad signature');
  let payload: NodeTokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as NodeTokenPayload;
  } catch {
    throw invalid('malformed');
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now()) throw invalid('expired');
  if (!Array.isArray(payload.scopes)) throw invalid('malformed');
  if (payload.node !== expect.node || payload.server !== expect.server) {
    throw new OutpostError('ErrNoPermission', 'token is not for this server');
  }
  return payload;
}
