import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../../shared/src/i18n/en_US.json' with { type: 'json' };

const screens = new URL('../', import.meta.url).pathname;

function has(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string';
}

describe('en_US catalogue for the user screens', () => {
  it('holds every literal key the Users, User and AddUser screens pass to t() or name as a reason', () => {
    const missing: string[] = [];
    for (const folder of ['Users', 'User', 'AddUser']) {
      for (const name of readdirSync(join(screens, folder)).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))) {
        const text = readFileSync(join(screens, folder, name), 'utf8');
        for (const match of text.matchAll(/(?:\bt\(|key: |'|")((?:users|errors|fields|screens|common)(?:\.[a-zA-Z0-9]+)+)['"]/g)) {
          if (!has(match[1]!)) missing.push(`${match[1]} (${folder}/${name})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
