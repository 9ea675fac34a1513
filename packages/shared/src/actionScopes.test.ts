import { describe, expect, it } from 'vitest';
import {
  fileMessageActions,
  grants,
  isScopeNeed,
  missingScope,
  requireScopes,
  scopesOf,
  serverActionScopes,
  socketMessageAction,
  socketMessageActions,
  taskOperationNeed,
} from './actionScopes.js';
import { POWER_ACTIONS } from './contract/serverApi.js';
import { Scopes } from './scopes.js';

// The message types a client sends on the live connection (spec panel.md, WebSocket).
const specSocketTypes = ['start', 'stop', 'kill', 'install', 'stat', 'status', 'replay', 'console', 'file'];

describe('the action → scope table', () => {
  it('names a known scope for every power action and every message type the spec lists', () => {
    for (const action of POWER_ACTIONS) expect(isScopeNeed(serverActionScopes[action]), action).toBe(true);
    for (const type of specSocketTypes) {
      const message = type === 'file' ? { type, data: { action: 'get', path: '/' } } : { type };
      const action = socketMessageAction(message);
      expect(action, type).toBeDefined();
      expect(isScopeNeed(serverActionScopes[action!]), type).toBe(true);
    }
    for (const fileAction of Object.keys(fileMessageActions)) expect(socketMessageAction({ type: 'file', data: { action: fileAction } })).toBe(fileMessageActions[fileAction as keyof typeof fileMessageActions]);
    for (const need of Object.values(serverActionScopes)) expect(isScopeNeed(need)).toBe(true);
  });

  it('asks the scopes the spec gives each control', () => {
    expect(serverActionScopes.start).toBe(Scopes.ServerStart);
    expect(serverActionScopes.kill).toBe(Scopes.ServerStop);
    // start/restart needs startServer; the stop a restart makes of a running program needs stopServer too.
    expect(serverActionScopes.restart).toBe(Scopes.ServerStart);
    expect(scopesOf(serverActionScopes.restartRunning)).toEqual([Scopes.ServerStart, Scopes.ServerStop]);
    expect(taskOperationNeed('restart')).toEqual(serverActionScopes.restartRunning);
    expect(serverActionScopes[socketMessageActions.replay]).toBe(Scopes.ServerConsole);
    expect(serverActionScopes[socketMessageActions.console]).toBe(Scopes.ServerConsoleSend);
    expect(serverActionScopes[socketMessageActions.stat]).toBe(Scopes.ServerStat);
    expect(serverActionScopes[socketMessageAction({ type: 'file', data: { action: 'create' } })!]).toBe(Scopes.ServerFilesPut);
    expect(serverActionScopes[socketMessageAction({ type: 'file', data: { action: 'delete' } })!]).toBe(Scopes.ServerFilesPut);
  });

  it('reads a file action under data or at the top level, data first, and lists when none is given', () => {
    expect(socketMessageAction({ type: 'file', action: 'delete', path: 'x' })).toBe('fileDelete');
    expect(socketMessageAction({ type: 'file', action: 'delete', data: { action: 'get' } })).toBe('fileGet');
    expect(socketMessageAction({ type: 'file' })).toBe('fileGet');
  });

  it('knows no action for unknown types, inherited names or garbage', () => {
    for (const message of [{ type: 'explode' }, { type: '__proto__' }, { type: 'toString' }, { type: 'file', data: { action: 'chmod' } }, { type: 'file', data: { action: 'constructor' } }, null, 'start', 42, {}]) {
      expect(socketMessageAction(message), JSON.stringify(message)).toBeUndefined();
    }
  });

  it('grants one scope, all of a list or any of a list, and everything to the admin scope', () => {
    expect(grants([Scopes.ServerStart], serverActionScopes.restartRunning)).toBe(false);
    expect(missingScope([Scopes.ServerStart], serverActionScopes.restartRunning)).toBe(Scopes.ServerStop);
    expect(grants([Scopes.ServerStart, Scopes.ServerStop], serverActionScopes.restartRunning)).toBe(true);
    expect(grants([Scopes.ServersDelete], serverActionScopes.delete)).toBe(true);
    expect(grants([Scopes.ServerDelete], serverActionScopes.delete)).toBe(true);
    expect(missingScope([Scopes.ServerView], serverActionScopes.delete)).toBe(Scopes.ServerDelete);
    for (const need of Object.values(serverActionScopes)) expect(grants([Scopes.ServersAdmin], need)).toBe(true);
  });

  it('lets an empty list grant nothing but admin, and refuses it as a route declaration', () => {
    expect(grants([Scopes.ServerView], { anyOf: [] })).toBe(false);
    expect(grants([Scopes.ServerView], { allOf: [] })).toBe(false);
    expect(grants([Scopes.ServersAdmin], { anyOf: [] })).toBe(true);
    expect(isScopeNeed({ anyOf: [] })).toBe(false);
    expect(isScopeNeed('server.strat')).toBe(false);
    expect(isScopeNeed(undefined)).toBe(false);
  });

  it('refuses with 403 ErrMissingScope naming the scope that is missing', () => {
    try {
      requireScopes([Scopes.ServerStart], serverActionScopes.restartRunning);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'ErrMissingScope', status: 403, metadata: { scope: Scopes.ServerStop } });
    }
  });
});
