import { describe, expect, it } from 'vitest';
import { Scopes, hasScope, permissionsFromScopes, scopesFromPermissions } from './scopes.js';

describe('scopes', () => {
  it('lets the admin scope grant every scope', () => {
    expect(hasScope([Scopes.ServersAdmin], Scopes.NodesEdit)).toBe(true);
    expect(permissionsFromScopes([Scopes.ServersAdmin]).putServerFiles).toBe(true);
  });

  it('grants only what is held', () => {
    expect(hasScope([Scopes.ServerConsole], Scopes.ServerStart)).toBe(false);
    const flags = permissionsFromScopes([Scopes.ServerConsole]);
    expect(flags.viewServerConsole).toBe(true);
    expect(flags.startServer).toBe(false);
  });

  it('turns flags into scopes and back without loss', () => {
    const scopes = scopesFromPermissions({ viewServerConsole: true, startServer: true });
    expect(scopes).toContain(Scopes.ServerView);
    expect(permissionsFromScopes(scopes)).toMatchObject({ viewServerConsole: true, startServer: true, stopServer: false });
  });
});
