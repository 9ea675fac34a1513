import { describe, expect, it } from 'vitest';
import { languageFor } from './languageFor';

describe('languageFor', () => {
  it('picks the highlighting of the files servers are configured with', () => {
    expect(languageFor('server.properties')?.name).toBe('Properties files');
    expect(languageFor('bukkit.yml')?.name).toBe('YAML');
    expect(languageFor('main.py')?.name).toBe('Python');
    expect(languageFor('template.json')?.name).toBe('JSON');
  });

  it('reads extensions CodeMirror names otherwise by their usual language', () => {
    expect(languageFor('forge-common.cfg')?.name).toBe('Properties files');
    expect(languageFor('.env')?.name).toBe('Properties files');
    expect(languageFor('pack.mcmeta')?.name).toBe('JSON');
  });

  it('leaves logs and files without an extension as plain text', () => {
    expect(languageFor('latest.log')).toBeNull();
    expect(languageFor('eula')).toBeNull();
  });
});
