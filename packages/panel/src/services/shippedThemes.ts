import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { shippedAssets } from '../shippedAssets.js';
import type { TarEntry } from './tarArchive.js';

const THEME_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The names of the shipped themes, sorted. */
export async function themeNames(dir = shippedAssets.themes): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && THEME_NAME.test(e.name)).map((e) => e.name).sort();
}

/** Every file of one theme, theme.json first, or undefined for a name that is not shipped. */
export async function themeFiles(name: string, dir = shippedAssets.themes): Promise<TarEntry[] | undefined> {
  if (!(await themeNames(dir)).includes(name)) return undefined;
  const root = join(dir, name);
  const files: TarEntry[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push({ path: relative(root, full).split('\\').join('/'), content: await readFile(full) });
    }
  };
  await walk(root);
  const rank = (path: string) => (path === 'theme.json' ? 0 : path === 'theme.css' ? 1 : 2);
  return files.sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
}
