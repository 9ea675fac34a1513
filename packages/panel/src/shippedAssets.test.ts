import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { localeCodes } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { firstScreenRenderer, shippedAssets } from './shippedAssets.js';

describe('shippedAssets', () => {
  it('finds the catalogues, templates and themes that ship with Outpost', () => {
    for (const code of localeCodes) expect(existsSync(join(shippedAssets.catalogues, `${code}.json`)), code).toBe(true);
    const index = JSON.parse(readFileSync(join(shippedAssets.templates, 'index.json'), 'utf8')) as { id: string }[];
    expect(index.length).toBeGreaterThan(0);
    for (const { id } of index) expect(existsSync(join(shippedAssets.templates, `${id}.json`)), id).toBe(true);
    const themes = readdirSync(shippedAssets.themes);
    expect(themes.length).toBeGreaterThan(0);
    for (const theme of themes) expect(existsSync(join(shippedAssets.themes, theme, 'theme.json')), theme).toBe(true);
  });

  it('looks for the web build and its renderer where the web package builds them', () => {
    const web = dirname(shippedAssets.web);
    const manifest = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8')) as { name: string; scripts: { build: string } };
    expect(manifest.name).toBe('@outpost/web');
    expect(readFileSync(join(web, 'vite.config.ts'), 'utf8')).toContain(`outDir: '${basename(shippedAssets.web)}'`);
    const renderer = firstScreenRenderer(shippedAssets.web);
    expect(manifest.scripts.build).toContain(`--outDir ${basename(dirname(renderer))} `);
    expect(manifest.scripts.build).toContain(`src/ssr/${basename(renderer, '.js')}.tsx`);
    expect(dirname(dirname(renderer))).toBe(web);
  });
});
