import { serverPermissionFlags, serverPermissionScopes, type Scope, type TaskDisabled } from '@outpost/shared';
import { panelScopeKeys } from '../../User/panelPermissions';

/** The catalogue key of a scope's name as the permission screens show it; undefined for one they do not show. */
function permissionKey(scope: string): string | undefined {
  const flag = serverPermissionFlags.find((candidate) => serverPermissionScopes[candidate] === scope);
  if (flag) return `serverUsers.flags.${flag}`;
  return panelScopeKeys[scope as Scope];
}

/**
 * Why a task's schedule does not run it, as a catalogue key and the key of the permission its
 * saver lacks (the scope itself when no screen names it); undefined for a task that runs.
 */
export function taskDisabledText(disabled: TaskDisabled | undefined): { key: string; permissionKey?: string; scope?: string } | undefined {
  if (!disabled) return undefined;
  if (disabled.reason === 'unsaved' || !disabled.scope) return { key: 'tasks.disabledUnsaved' };
  return { key: 'tasks.disabledOwnerLacks', permissionKey: permissionKey(disabled.scope), scope: disabled.scope };
}
