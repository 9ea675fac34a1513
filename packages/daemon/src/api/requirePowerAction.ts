import { OutpostError, powerActions } from '@outpost/shared';
import type { PowerAction } from '@outpost/shared';

/** Refuses, as 404 ErrNotFound, an action no node serves: what the HTTP API answers for a path it lacks. */
export function requirePowerAction(action: unknown): asserts action is PowerAction {
  if (typeof action !== 'string' || !Object.hasOwn(powerActions, action)) throw new OutpostError('ErrNotFound', `no power action ${String(action)}`, { action: String(action) });
}
