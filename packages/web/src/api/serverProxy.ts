import type { ConsoleReplay, PowerAction, ServerStats, ServerStatus } from '@outpost/shared';
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

// The live connection's HTTP fallback (live/ServerConnection.ts); screens use the socket.
export const getStatus = (id: string) => api.get<ServerStatus>(`${proxyBase(id)}/status`);
export const getStats = (id: string) => api.get<ServerStats>(`${proxyBase(id)}/stats`);
export const replayConsole = (id: string, since?: number) =>
  api.get<ConsoleReplay>(`${proxyBase(id)}/console${since === undefined ? '' : `?time=${since}`}`);
export const powerAction = (id: string, action: PowerAction) => api.post<unknown>(`${proxyBase(id)}/${action}`);
// JSON, not plain text: the panel takes only JSON (or uploads) on cookie-signed calls, so a form on another site cannot send commands.
export const sendCommand = (id: string, command: string) => api.post<unknown>(`${proxyBase(id)}/console`, { command });
