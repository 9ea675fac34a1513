import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../shared/src/i18n/en_US.json' with { type: 'json' };

const src = new URL('.', import.meta.url).pathname;
// Files of the app shell and account screens; other screens keep their own checks.
const checked = ['App.tsx', 'routes.ts', 'components', 'screens/Account', 'screens/Login', 'screens/Register', 'screens/Settings', 'screens/NotFound', 'hooks', 'session', 'api/errorMessage.ts'];

function files(path: string): string[] {
  return statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => files(join(path, name))) : [path];
}

function has(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string';
}

describe('en_US catalogue', () => {
  it('holds every literal key the shell and account screens pass to t()', () => {
    const missing: string[] = [];
    for (const file of checked.flatMap((p) => files(join(src, p))).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:\bt\(|titleKey=|label: )['"]([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)+)['"]/g)) {
        if (!has(match[1])) missing.push(`${match[1]} (${file.slice(src.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
