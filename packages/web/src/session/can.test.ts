import { Scopes, serverPermissionFlags, type ServerPermissions } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { can, scopesOnServer, type ServerPerms } from './can';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPerms>): ServerPerms => ({ ...none, admin: false, ...change });

describe('can', () => {
  it('grants a held scope and refuses one not held', () => {
    expect(can([Scopes.TemplatesView], Scopes.TemplatesView)).toBe(true);
    expect(can([Scopes.TemplatesView], Scopes.TemplatesEdit)).toBe(false);
  });

  it('grants every scope to the admin scope', () => {
    expect(can([Scopes.ServersAdmin], Scopes.SettingsEdit)).toBe(true);
  });

  it('refuses everything when logged out, and asks only for a session when no scope is named', () => {
    expect(can(null, undefined)).toBe(false);
    expect(can(null, Scopes.ServersView)).toBe(false);
    expect(can([], undefined)).toBe(true);
  });
});

describe('scopesOnServer', () => {
  it('turns each flag sent with a server into the scope it stands for', () => {
    expect(scopesOnServer(perms({ startServer: true, viewServerFiles: true }))).toEqual([Scopes.ServerFilesGet, Scopes.ServerStart]);
  });

  it('holds the admin scope, and so every server scope, when the server says admin', () => {
    const held = scopesOnServer(perms({ admin: true }));
    expect(can(held, Scopes.ServerStop)).toBe(true);
    expect(can(held, Scopes.ServersAdmin)).toBe(true);
  });

  it('holds nothing while the permissions are unknown', () => {
    expect(scopesOnServer(undefined)).toEqual([]);
    expect(can(scopesOnServer(undefined), Scopes.ServerConsole)).toBe(false);
  });
});
