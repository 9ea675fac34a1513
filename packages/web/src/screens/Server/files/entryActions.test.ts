import { describe, expect, it } from 'vitest';
import { entryActions } from './entryActions';
import { MAX_EDIT_BYTES } from './fileKinds';

const file = (name: string, size = 100) => ({ name, size, isFile: true });

describe('entryActions', () => {
  it('opens folders, and lets only writers delete them', () => {
    expect(entryActions({ name: 'world', size: 0, isFile: false }, false)).toEqual({ open: 'folder', edit: false, preview: false, download: false, extract: false, remove: false });
    expect(entryActions({ name: 'world', size: 0, isFile: false }, true).remove).toBe(true);
  });

  it('opens a text file in the editor for writers and in a new tab for readers', () => {
    expect(entryActions(file('server.properties'), true)).toMatchObject({ open: 'edit', edit: true, download: true, remove: true });
    expect(entryActions(file('server.properties'), false)).toEqual({ open: 'view', edit: false, preview: false, download: true, extract: false, remove: false });
  });

  it('never opens a file over 20 MiB in the editor: its name explains why and offers the download', () => {
    expect(entryActions(file('latest.log', MAX_EDIT_BYTES), true).open).toBe('edit');
    expect(entryActions(file('latest.log', MAX_EDIT_BYTES + 1), true)).toMatchObject({ open: 'explain', edit: false, download: true });
  });

  it('previews images whatever their size, and offers Extract on archives to writers only', () => {
    expect(entryActions(file('icon.png', MAX_EDIT_BYTES * 2), false)).toMatchObject({ open: 'preview', preview: true, edit: false });
    expect(entryActions(file('world.zip'), true)).toMatchObject({ open: 'explain', edit: false, extract: true });
    expect(entryActions(file('world.zip'), false).extract).toBe(false);
  });
});
