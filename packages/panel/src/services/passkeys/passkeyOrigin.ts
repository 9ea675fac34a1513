import { SettingKeys } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';
import { readSetting } from '../panelSettings.js';

/**
 * The origin the browser sees the panel at, and the relying-party id (its host name) passkeys
 * are bound to. The request's Origin header when it names this panel (the host the request
 * was sent to, or the master URL, as the cross-site guard accepts), so a panel behind a TLS
 * proxy gets its https origin; else the request's own scheme and host. The browser itself
 * refuses an rp id that is not the page's host, and a passkey works only at the rp id it was
 * made for, so a Host header naming another site yields nothing usable there.
 */
export async function passkeyOrigin(request: FastifyRequest): Promise<{ origin: string; rpId: string }> {
  const own = new URL(`${request.protocol}://${request.host}`);
  const claimed = parseOrigin(request.headers.origin);
  let origin = own.origin;
  if (claimed && claimed.host === own.host) origin = claimed.origin;
  else if (claimed) {
    const master = parseOrigin(await readSetting(request.server.panel.repo, SettingKeys.masterUrl));
    if (master && master.origin === claimed.origin) origin = claimed.origin;
  }
  return { origin, rpId: new URL(origin).hostname };
}

function parseOrigin(value: string | undefined): URL | undefined {
  try {
    return value ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}
