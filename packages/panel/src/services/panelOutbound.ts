import { OutboundGuard, type OutboundGuardOptions } from '@outpost/daemon';
import { SettingKeys } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import { readSetting } from './panelSettings.js';

/**
 * How the panel's private-address guard is set up: the allowed ranges are the setting
 * panel.security.allowPrivateTargets, read at each connection, so a saved change counts at once.
 * The local node's daemon gets the same, for the download steps it runs in this process.
 */
export function panelOutboundOptions(repo: Repositories): OutboundGuardOptions {
  return { allowed: () => readSetting(repo, SettingKeys.allowPrivateTargets), allowedIn: `the panel setting ${SettingKeys.allowPrivateTargets}` };
}

const guards = new WeakMap<Repositories, OutboundGuard>();

/** The guard every fetch the panel makes on a user's behalf goes through (template repositories). */
export function panelOutbound(repo: Repositories): OutboundGuard {
  let guard = guards.get(repo);
  if (!guard) {
    guard = new OutboundGuard(panelOutboundOptions(repo));
    guards.set(repo, guard);
  }
  return guard;
}
