import { SettingKeys } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { readSetting } from '../panelSettings.js';

/**
 * An address on the panel for a mail's link, built on the master URL setting and never on the
 * request's Host header, which whoever asks for a reset mail could choose.
 */
export async function panelLink(repo: Repositories, path: string, query: Record<string, string> = {}): Promise<string> {
  const url = new URL(path, await readSetting(repo, SettingKeys.masterUrl));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
