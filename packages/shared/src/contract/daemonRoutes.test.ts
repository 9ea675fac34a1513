import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { minecraft } from '../template/exampleDefinitions.js';
import { serverPermissionFlags } from '../scopes.js';
import { daemonRouteSchemas } from './daemonRoutes.js';
import { CallerPermissions, ServerPermissions } from './permissions.js';
import { ServerUserEntry } from './serverUsers.js';
import { SocketEvent, SocketRequest } from './socket.js';

const route = daemonRouteSchemas;

describe("the daemon routes' schemas", () => {
  it('accept what HttpNodeClient sends', () => {
    expect(Value.Check(route['POST /daemon/server/:id/data'].body, { data: { motd: 'hello', port: 25565 } })).toBe(true);
    expect(Value.Check(route['POST /daemon/server/:id/console'].body, 'say hi')).toBe(true);
    expect(Value.Check(route['POST /daemon/server/:id/archive/*'].body, ['world', 'logs/latest.log'])).toBe(true);
    expect(Value.Check(route['PUT /daemon/server/:id'].body, minecraft)).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/console'].querystring, { time: 1700000000000 })).toBe(true);
    expect(Value.Check(route['DELETE /daemon/sftp'].querystring, { user: '42' })).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/file/*'].params, { id: '0a1b2c3d', '*': 'world/level.dat' })).toBe(true);
  });

  it('refuse what it never sends', () => {
    expect(Value.Check(route['POST /daemon/server/:id/data'].body, { values: {} })).toBe(false);
    expect(Value.Check(route['POST /daemon/server/:id/archive/*'].body, [])).toBe(false);
    expect(Value.Check(route['DELETE /daemon/sftp'].querystring, { user: '' })).toBe(false);
    expect(Value.Check(route['GET /daemon/server/:id/status'].params, { id: '../etc' })).toBe(false);
  });

  it('describe the answers HttpNodeClient reads', () => {
    expect(Value.Check(route['GET /daemon/server/:id/definition'].response[200], minecraft)).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/data'].response[200], { data: minecraft.data })).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/status'].response[200], { running: false })).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/stats'].response[200], { cpu: 1.5, memory: 1024 })).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/console'].response[200], { logs: ['a'], epoch: 3 })).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/file/*'].response[200], { files: [{ name: 'a', isFile: true, size: 1, modifyTime: 2 }], path: '/' })).toBe(true);
    expect(Value.Check(route['GET /daemon/server/:id/status'].response['4xx'], { error: { code: 'ErrNotFound', msg: 'no such server' } })).toBe(true);
  });
});

describe('the live connection messages', () => {
  it('take the spec form of every request, with or without a file action', () => {
    for (const message of [
      { type: 'start' },
      { type: 'stat' },
      { type: 'replay', data: { since: 5 } },
      { type: 'console', data: { command: 'list' } },
      { type: 'file', data: { path: '/' } },
      { type: 'file', data: { action: 'delete', path: '/a' } },
    ]) {
      expect(Value.Check(SocketRequest, message), JSON.stringify(message)).toBe(true);
    }
    expect(Value.Check(SocketRequest, { type: 'file', data: { action: 'chmod', path: '/' } })).toBe(false);
  });

  it('describe every event a server sends', () => {
    expect(Value.Check(SocketEvent, { type: 'status', data: { running: true } })).toBe(true);
    expect(Value.Check(SocketEvent, { type: 'error', data: { msg: 'slow down', metadata: { retryAfter: 1 }, reason: 'ErrTooManyRequests' } })).toBe(true);
    expect(Value.Check(SocketEvent, { type: 'console', data: { logs: 'one line' } })).toBe(false);
  });
});

describe('the permission flags', () => {
  it('come from the one list in scopes.ts, in every schema that carries them', () => {
    const flags = [...serverPermissionFlags].sort();
    expect(Object.keys(ServerPermissions.properties).sort()).toEqual(flags);
    expect(Object.keys(CallerPermissions.properties).sort()).toEqual([...flags, 'admin'].sort());
    expect(Object.keys(ServerUserEntry.properties).filter((key) => !['email', 'username', 'pending'].includes(key)).sort()).toEqual(flags);
  });
});
