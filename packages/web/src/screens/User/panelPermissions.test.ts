import { Scopes, panelScopes } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import en from '../../../../shared/src/i18n/en_US.json' with { type: 'json' };
import { panelScopeKeys, switchState, toggleScope } from './panelPermissions';

describe('the panel permission switches', () => {
  it('has a labelled switch for every panel scope', () => {
    const labels = en.users.scopes as Record<string, string>;
    expect(panelScopes.map((scope) => labels[panelScopeKeys[scope].split('.').pop()!])).not.toContain(undefined);
  });

  it('greys out a scope the editor does not hold, whether it is on or off', () => {
    const own = [Scopes.UsersEdit, Scopes.NodesView];
    expect(switchState(Scopes.NodesView, [], own, true)).toEqual({ checked: false, disabled: false });
    expect(switchState(Scopes.TemplatesEdit, [], own, true)).toEqual({ checked: false, disabled: true, reason: 'users.notHeld' });
    expect(switchState(Scopes.TemplatesEdit, [Scopes.TemplatesEdit], own, true)).toEqual({ checked: true, disabled: true, reason: 'users.notHeld' });
    expect(switchState(Scopes.TemplatesEdit, [], [Scopes.ServersAdmin], true).disabled).toBe(false);
  });

  it('shows every scope on and locked for an administrator, and everything locked to a viewer', () => {
    expect(switchState(Scopes.NodesEdit, [Scopes.ServersAdmin], [Scopes.ServersAdmin], true)).toEqual({ checked: true, disabled: true, reason: 'users.adminImplies' });
    expect(switchState(Scopes.ServersAdmin, [Scopes.ServersAdmin], [Scopes.ServersAdmin], true)).toEqual({ checked: true, disabled: false });
    expect(switchState(Scopes.NodesView, [Scopes.NodesView], [Scopes.ServersAdmin], false)).toEqual({ checked: true, disabled: true });
  });

  it('keeps the selection in the shared order whichever way it was built', () => {
    expect(toggleScope([Scopes.UsersView], Scopes.NodesView, true)).toEqual([Scopes.NodesView, Scopes.UsersView]);
    expect(toggleScope([Scopes.NodesView, Scopes.UsersView], Scopes.NodesView, false)).toEqual([Scopes.UsersView]);
  });
});
