import { describe, expect, it } from 'vitest';
import { themeStylesheet } from './themeStylesheet';

const file = (path: string, text: string) => ({ path, content: new TextEncoder().encode(text) });
const manifest = { name: 'Test', colors: { light: { primary: '#112233' }, dark: { primary: '#445566', 'bad key!': 'red', text: 'red; } body { display: none' } } };

describe('themeStylesheet', () => {
  it('turns theme.json colours into variables per colour scheme and inlines assets into theme.css', () => {
    const sheet = themeStylesheet([
      file('theme.json', JSON.stringify(manifest)),
      file('theme.css', '.logo { background: url(assets/mark.svg); color: var(--theme-primary); }'),
      file('assets/mark.svg', '<svg/>'),
    ])!;
    expect(sheet).toContain(':root[data-mantine-color-scheme="light"] {\n  --theme-primary: #112233;\n}');
    expect(sheet).toContain(':root[data-mantine-color-scheme="dark"] {\n  --theme-primary: #445566;\n}');
    expect(sheet).toContain(`url(data:image/svg+xml;base64,${btoa('<svg/>')})`);
    // Keys and values that could break out of the block are left out.
    expect(sheet).not.toContain('display: none');
    expect(sheet).not.toContain('bad key');
  });

  it('gives nothing for an archive without a sound theme.json', () => {
    expect(themeStylesheet([file('theme.css', 'body {}')])).toBeUndefined();
    expect(themeStylesheet([file('theme.json', '{not json')])).toBeUndefined();
    expect(themeStylesheet([file('theme.json', JSON.stringify({ name: 'x', colors: { light: {} } }))])).toBeUndefined();
  });
});
