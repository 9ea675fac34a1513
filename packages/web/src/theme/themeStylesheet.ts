import type { TarFile, ThemeManifest } from '@outpost/shared';

const mediaTypes: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', woff2: 'font/woff2' };

function dataUrl(file: TarFile): string {
  const type = mediaTypes[file.path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  let binary = '';
  for (const byte of file.content) binary += String.fromCharCode(byte);
  return `data:${type};base64,${btoa(binary)}`;
}

/** A colour key of theme.json as a CSS custom property name, or undefined when it is not a plain word. */
const property = (key: string) => (/^[a-zA-Z][\w-]*$/.test(key) ? `--theme-${key}` : undefined);

const isColors = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');

function isManifest(value: unknown): value is ThemeManifest {
  const colors = (value as { colors?: { light?: unknown; dark?: unknown } } | null)?.colors;
  return typeof (value as { name?: unknown } | null)?.name === 'string' && isColors(colors?.light) && isColors(colors?.dark);
}

function block(selector: string, colors: Record<string, string>): string {
  const lines = Object.entries(colors).flatMap(([key, value]) => {
    const name = property(key);
    // A value that could close the block is dropped rather than let a theme write other rules here.
    return name && !/[;{}<>]/.test(value) ? [`  ${name}: ${value};`] : [];
  });
  return `${selector} {\n${lines.join('\n')}\n}`;
}

/**
 * The stylesheet of a theme archive (spec panel.md section 3, "Theme"): theme.json's light and
 * dark colours as --theme-* variables for each colour scheme, then theme.css with its
 * references to assets/ turned into data URLs. Undefined when theme.json is missing or malformed.
 */
export function themeStylesheet(files: readonly TarFile[]): string | undefined {
  const manifestFile = files.find((f) => f.path === 'theme.json');
  if (!manifestFile) return undefined;
  let manifest: unknown;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestFile.content));
  } catch {
    return undefined;
  }
  if (!isManifest(manifest)) return undefined;
  const css = files.find((f) => f.path === 'theme.css');
  let sheet = css ? new TextDecoder().decode(css.content) : '';
  for (const asset of files.filter((f) => f.path.startsWith('assets/'))) sheet = sheet.split(asset.path).join(dataUrl(asset));
  return [
    block(':root[data-mantine-color-scheme="light"]', manifest.colors.light),
    block(':root[data-mantine-color-scheme="dark"]', manifest.colors.dark),
    sheet,
  ].join('\n');
}
