import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration over a module of the web app that the first-screen
// renderer would load in Node.
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function refused(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/packages/web/src/ssr/module.ts` });
  return result.messages.filter((m) => m.ruleId === 'outpost/no-module-scope-browser-globals').map((m) => code.split('\n')[m.line - 1].trim());
}

describe('no browser-only global while a web module loads', () => {
  it('refuses a read at the top of a module, in a static field or in the wrong branch of a guard', async () => {
    const lines = [
      'export const wide = window.innerWidth > 800;',
      'export const dark = matchMedia("(prefers-color-scheme: dark)").matches;',
      'export class Saved { static saved = localStorage.getItem("x"); }',
      'export const nodeOnly = typeof document === "undefined" ? document.title : "";',
      'if (typeof window === "undefined") navigator.language.trim();',
    ];
    expect(await refused(lines.join('\n'))).toEqual(lines);
  });

  it('lets functions, components, instance fields, type positions and guarded code read them', async () => {
    const code = [
      'export function width() { return window.innerWidth; }',
      'export const useLanguage = () => navigator.language;',
      'export class Field { title = document.title; }',
      'export let shown: typeof document | null = null;',
      'export const store = typeof localStorage === "undefined" ? null : localStorage;',
      'if (typeof window !== "undefined") addEventListener("popstate", () => history.back());',
      'export const here = typeof location !== "undefined" && location.pathname;',
      'export const started = Date.now() + setTimeout.length;',
    ].join('\n');
    expect(await refused(code)).toEqual([]);
  });
});
