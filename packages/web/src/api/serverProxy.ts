import { errorCodeOf, isErrorBody } from '@outpost/shared';
import type { ConsoleReplay, PowerAction, ServerStats, ServerStatus } from '@outpost/shared';
import { ApiError } from './ApiError';
import { api } from './client';

/** Base of every daemon call for one server, through the panel's proxy (spec panel.md section 7). */
export const proxyBase = (id: string) => `/proxy/daemon/server/${encodeURIComponent(id)}`;

/** Encodes a server path for a URL, keeping its slashes as separators. */
export const encodePath = (path: string) =>
  path
    .split('/')
    .filter((part) => part !== '')
    .map(encodeURIComponent)
    .join('/');

/**
 * For the calls the JSON client cannot make (plain-text or multipart bodies, raw bytes back):
 * the same credentials and the same ApiError on failure.
 */
export async function rawRequest(method: 'GET' | 'POST' | 'PUT', url: string, body?: BodyInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { method, body, credentials: 'same-origin' });
  } catch (cause) {
    throw new ApiError({ method, url, status: 0, statusText: String(cause) });
  }
  if (response.ok) return response;
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the report
  }
  const report = { method, url, status: response.status, statusText: response.statusText, responseBody: parsed };
  throw isErrorBody(parsed) ? new ApiError(report, errorCodeOf(parsed), parsed.error.msg, parsed.error.metadata) : new ApiError(report);
}

// The live connection's HTTP fallback (live/ServerConnection.ts); screens use the socket.
export const getStatus = (id: string) => api.get<ServerStatus>(`${proxyBase(id)}/status`);
export const getStats = (id: string) => api.get<ServerStats>(`${proxyBase(id)}/stats`);
export const replayConsole = (id: string, since?: number) =>
  api.get<ConsoleReplay>(`${proxyBase(id)}/console${since === undefined ? '' : `?time=${since}`}`);
export const powerAction = (id: string, action: PowerAction) => api.post<unknown>(`${proxyBase(id)}/${action}`);
// JSON, not plain text: the panel takes only JSON (or uploads) on cookie-signed calls, so a form on another site cannot send commands.
export const sendCommand = (id: string, command: string) => api.post<unknown>(`${proxyBase(id)}/console`, { command });
