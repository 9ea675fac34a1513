import { OutpostError, SettingKeys } from '@outpost/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readSetting } from '../services/panelSettings.js';

const stateChanging = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Whether an Origin header names this panel: the host the request was sent to, or the master URL. */
async function isOwnOrigin(request: FastifyRequest, origin: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file: pages) and anything unparsable
  }
  if (url.host === request.host.toLowerCase()) return true;
  try {
    return new URL(await readSetting(request.server.panel.repo, SettingKeys.masterUrl)).origin === url.origin;
  } catch {
    return false;
  }
}

/** JSON everywhere; multipart, or a resumable upload's bytes, only where a route takes uploads (no form can send either). */
function acceptsBodyType(contentType: string, uploads: boolean): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (uploads && (type === 'multipart/form-data' || type === 'application/offset+octet-stream'));
}

/**
 * Keeps other sites from acting with a visitor's cookie (SameSite is the only other guard, and
 * some browsers and setups weaken it). A socket upgrade whose Origin is present and not the
 * panel's own is refused; so is a state-changing call that a bearer token does not
 * authenticate, and such a call must send JSON (or multipart where the route takes uploads):
 * HTML forms can send neither, so a form post never reaches a handler. Scripts that send no
 * Origin, and bearer-token callers (which no other site can forge), are not affected.
 */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    // A route that reads no cookie (the OAuth2 token endpoint) gives another site nothing to borrow.
    if (request.routeOptions.config?.cookieless === true) return;
    const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    const ambient = stateChanging.has(request.method) && !/^bearer /i.test(request.headers.authorization ?? '');
    if (!upgrade && !ambient) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !(await isOwnOrigin(request, origin))) {
      throw new OutpostError('ErrOriginNotAllowed', 'Requests from another site are refused', { origin: origin.slice(0, 200) });
    }
    const contentType = request.headers['content-type'];
    if (ambient && contentType !== undefined && !acceptsBodyType(contentType, request.routeOptions.config?.uploads === true)) {
      throw new OutpostError('ErrUnsupportedMediaType', 'Send the request body as JSON', { contentType: contentType.slice(0, 100) });
    }
  });
}
