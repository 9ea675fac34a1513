import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serverPermissionFlags } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import en from '../../../../shared/src/i18n/en_US.json' with { type: 'json' };

const src = new URL('../../', import.meta.url).pathname;
const checked = ['screens/Servers', 'screens/AddServer', 'screens/Server', 'live', 'screens/Templates', 'screens/Template', 'screens/AddTemplate', 'screens/Nodes', 'screens/Node', 'screens/AddNode'];

function files(path: string): string[] {
  return statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => files(join(path, name))) : [path];
}

// A key passed with a count is stored as key_one / key_other.
function has(key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: unknown = en;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const group = node as Record<string, unknown> | undefined;
  return typeof group?.[last] === 'string' || (typeof group?.[`${last}_one`] === 'string' && typeof group?.[`${last}_other`] === 'string');
}

describe('en_US catalogue for the server screens', () => {
  it('holds every literal key the server screens pass to t()', () => {
    const missing: string[] = [];
    for (const file of checked.flatMap((p) => files(join(src, p))).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(['"]([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)+)['"]/g)) {
        if (!has(match[1]!)) missing.push(`${match[1]} (${file.slice(src.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every status, tab, environment, run flag, permission flag and backup field the screens build keys for', () => {
    const dynamic = [
      ...['online', 'offline', 'unknown'].map((s) => `server.status.${s}`),
      ...['console', 'stats', 'files', 'backups', 'tasks', 'settings', 'users', 'admin'].map((s) => `server.tabs.${s}`),
      ...['standard', 'tty', 'docker'].map((s) => `addServer.env.${s}`),
      ...['autostart', 'autorestart', 'autorecover'].flatMap((s) => [`serverAdmin.${s}`, `serverAdmin.${s}Hint`]),
      ...serverPermissionFlags.map((flag) => `serverUsers.flags.${flag}`),
      ...['running', 'done', 'failed'].map((status) => `backups.status.${status}`),
      ...['user', 'client', 'task'].map((type) => `backups.madeBy.${type}`),
      ...['endpoint', 'region', 'bucket', 'prefix', 'accessKeyId', 'secretAccessKey', 'endpointHint', 'prefixHint'].map((field) => `nodes.backupStorage.${field}`),
      ...['emailRequired', 'alreadyListed'].map((problem) => `serverUsers.${problem}`),
    ];
    expect(dynamic.filter((key) => !has(key))).toEqual([]);
  });
});
