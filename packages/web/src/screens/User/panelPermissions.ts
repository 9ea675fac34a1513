import { Scopes, hasScope, panelScopes, type Scope } from '@outpost/shared';

/** The catalogue key of each panel scope's switch: `users.scopes.<its name in Scopes>`. */
export const panelScopeKeys = Object.fromEntries(
  Object.entries(Scopes)
    .filter(([, scope]) => panelScopes.includes(scope))
    .map(([name, scope]) => [scope, `users.scopes.${name}`]),
) as Record<Scope, string>;

export interface SwitchState {
  checked: boolean;
  disabled: boolean;
  /** Why a switch cannot be flipped, as a catalogue key. */
  reason?: 'users.notHeld' | 'users.adminImplies';
}

/**
 * One switch of the permissions card. The administrator scope holds every other one, so those
 * show on and locked while it is on; a scope the editor does not hold is greyed out, as the
 * panel refuses to let anyone grant or take it away.
 */
export function switchState(scope: Scope, selected: readonly string[], own: readonly string[] | null, canEdit: boolean): SwitchState {
  const isAdmin = selected.includes(Scopes.ServersAdmin);
  if (scope !== Scopes.ServersAdmin && isAdmin) return { checked: true, disabled: true, reason: 'users.adminImplies' };
  const checked = selected.includes(scope);
  if (!canEdit) return { checked, disabled: true };
  if (!hasScope(own ?? [], scope)) return { checked, disabled: true, reason: 'users.notHeld' };
  return { checked, disabled: false };
}

/** The selection after one switch flips, in the shared list's order. */
export function toggleScope(selected: readonly Scope[], scope: Scope, on: boolean): Scope[] {
  const next = new Set(selected);
  if (on) next.add(scope);
  else next.delete(scope);
  return panelScopes.filter((s) => next.has(s));
}
