import { randomBytes } from 'node:crypto';
import { Scopes, SettingKeys } from '@outpost/shared';
import type { PanelConfig } from '../config.js';
import type { Repositories } from '../db/repositories.js';
import { createUser } from './createUser.js';
import { parseMasterUrl, readSetting } from './panelSettings.js';

export const LOCAL_NODE_NAME = 'LocalNode';

/**
 * What a fresh database needs before the first request: a master URL, the local node (placed where
 * the master URL points; none for a panel-only instance, whose nodes are all remote), and the
 * administrator from OUTPOST_ADMIN_* when no user exists yet. Safe to run on every start: it only
 * adds what is missing.
 */
export async function prepareFirstStart(repo: Repositories, config: PanelConfig): Promise<{ adminCreated: boolean }> {
  if (!(await repo.settings.get(SettingKeys.masterUrl))) {
    await repo.settings.setMany({ [SettingKeys.masterUrl]: `http://localhost:${config.port || 8080}` });
  }
  if (config.localNode !== false && !(await repo.nodes.local())) {
    const master = parseMasterUrl(await readSetting(repo, SettingKeys.masterUrl)) ?? { host: 'localhost', port: config.port || 8080 };
    await repo.nodes.insert({
      name: LOCAL_NODE_NAME,
      public_host: master.host,
      public_port: master.port,
      private_host: '127.0.0.1',
      private_port: config.port || 8080,
      sftp_port: config.sftpPort,
      secret: randomBytes(32).toString('base64url'),
      is_local: 1,
    });
  }
  const { email, password, username } = config.admin;
  if (email && password && (await repo.users.count()) === 0) {
    await createUser(repo, { username, email, password, scopes: [Scopes.ServersAdmin] });
    return { adminCreated: true };
  }
  return { adminCreated: false };
}
