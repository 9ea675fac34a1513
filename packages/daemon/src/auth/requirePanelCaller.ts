import { OutpostError, Scopes, type NodeCaller } from '@outpost/shared';

/** The user the panel's own calls name: never a user's, whose ids are numbers. */
export const PANEL_USER = 'panel';

/** The panel's own full-node caller: what node-wide calls that span every server's users answer to. */
export const panelCaller: NodeCaller = { user: PANEL_USER, scopes: [Scopes.ServersAdmin] };

/**
 * Refuses (403) any caller but the panel's own full-node token. Every token is signed by the
 * panel, but most carry one user's scopes; what concerns all servers and all their users (the
 * node's event journal, its metrics) is the panel's to read and hand out by its own checks.
 */
export function requirePanelCaller(caller: NodeCaller): void {
  if (caller.user === PANEL_USER && caller.scopes.includes(Scopes.ServersAdmin)) return;
  throw new OutpostError('ErrNoPermission', "only the panel's own token may ask this of the node");
}
