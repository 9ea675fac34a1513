import { SettingKeys, isLocale } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { readSetting } from '../panelSettings.js';

/** The user setting that holds the interface language a user chose. */
export const LANGUAGE_USER_SETTING = 'language';

/** The language of mail to a user: the one they chose, else the panel's default. */
export async function mailLocale(repo: Repositories, userId?: number): Promise<string> {
  if (userId !== undefined) {
    const own = (await repo.userSettings.list(userId)).find((s) => s.key === LANGUAGE_USER_SETTING)?.value;
    if (isLocale(own)) return own;
  }
  return readSetting(repo, SettingKeys.defaultLanguage);
}
