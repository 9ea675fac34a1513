import { describe, expect, it } from 'vitest';
import { archiveName, isArchive, isEditable, isImage, joinPath, MAX_EDIT_BYTES, parentPath } from './fileKinds';

describe('file kinds', () => {
  it('names an archive after its folder, numbering it when the name is taken', () => {
    expect(archiveName('/world', [])).toBe('world.zip');
    expect(archiveName('/plugins/world/', ['world.zip'])).toBe('world (2).zip');
    expect(archiveName('/world', ['world.zip', 'world (2).zip'])).toBe('world (3).zip');
  });

  it('calls the root folder "server" in archive names', () => {
    expect(archiveName('/', [])).toBe('server.zip');
    expect(archiveName('', ['server.zip'])).toBe('server (2).zip');
  });

  it('never opens archives or files over 20 MiB in the editor', () => {
    expect(isEditable('server.properties', 100)).toBe(true);
    expect(isEditable('big.log', MAX_EDIT_BYTES + 1)).toBe(false);
    expect(isEditable('world.tar.gz', 10)).toBe(false);
    expect(isArchive('mod.JAR')).toBe(true);
    expect(isImage('icon.png')).toBe(true);
    expect(isImage('notes.txt')).toBe(false);
  });

  it('joins and climbs paths', () => {
    expect(joinPath('/', 'a')).toBe('/a');
    expect(joinPath('/a/', 'b')).toBe('/a/b');
    expect(parentPath('/a/b')).toBe('/a');
    expect(parentPath('/a')).toBe('/');
  });
});
