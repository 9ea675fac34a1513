// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FileEntry } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { MAX_EDIT_BYTES } from './fileKinds';
import { FileTable, type FileActions } from './FileTable';

const files: FileEntry[] = [
  { name: 'server.properties', isFile: true, size: 900, modifyTime: 0 },
  { name: 'world.zip', isFile: true, size: 5000, modifyTime: 0 },
  { name: 'huge.log', isFile: true, size: MAX_EDIT_BYTES + 1, modifyTime: 0 },
  { name: 'plugins', isFile: false, size: 0, modifyTime: 0 },
];

function renderTable(canWrite: boolean, opened: string[] = []) {
  const record = (what: string) => (entry: FileEntry) => void opened.push(`${what} ${entry.name}`);
  const actions: FileActions = {
    open: record('open'),
    up: null,
    edit: record('edit'),
    preview: record('preview'),
    downloadUrl: (entry) => `/download/${entry.name}`,
    remove: record('remove'),
    extract: record('extract'),
    move: (entry, mode) => void opened.push(`${mode} ${entry.name}`),
    dropOnto: () => {},
  };
  renderWithProviders(<FileTable files={files} selected={[]} onSelect={() => {}} actions={actions} canWrite={canWrite} />);
}

// The actions menu of one row, as its items' names once opened.
async function menuOf(name: string): Promise<string[]> {
  const row = document.querySelector(`[data-entry="${name}"]`) as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'Actions' }));
  const menu = await screen.findByRole('menu');
  const items = within(menu).queryAllByRole('menuitem').map((item) => item.textContent ?? '');
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

describe('FileTable', () => {
  it('lists folders first, then files by name', () => {
    renderTable(false);
    const rows = Array.from(document.querySelectorAll('[data-entry]')).map((row) => row.getAttribute('data-entry'));
    expect(rows).toEqual(['plugins', 'huge.log', 'server.properties', 'world.zip']);
  });

  it('offers a reader only downloads, with no boxes to tick', async () => {
    renderTable(false);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(await menuOf('server.properties')).toEqual(['Download']);
    expect(await menuOf('world.zip')).toEqual(['Download']);
    expect(await menuOf('plugins')).toEqual([]);
  });

  it('offers a writer Edit on text, Extract on archives, and Rename or move, Copy and Delete on everything', async () => {
    renderTable(true);
    // A box per row and one to tick them all.
    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
    expect(await menuOf('server.properties')).toEqual(['Edit', 'Download', 'Rename or move', 'Copy', 'Delete']);
    expect(await menuOf('world.zip')).toEqual(['Download', 'Extract here', 'Rename or move', 'Copy', 'Delete']);
    expect(await menuOf('huge.log')).toEqual(['Download', 'Rename or move', 'Copy', 'Delete']);
    expect(await menuOf('plugins')).toEqual(['Rename or move', 'Copy', 'Delete']);
  });

  it('opens every name: a file that cannot be edited too, so the screen can say why', () => {
    const opened: string[] = [];
    renderTable(true, opened);
    const nameButton = (name: string) => screen.getByText(name).closest('button') as HTMLButtonElement;
    for (const name of ['plugins', 'server.properties', 'huge.log', 'world.zip']) fireEvent.click(nameButton(name));
    expect(opened).toEqual(['open plugins', 'open server.properties', 'open huge.log', 'open world.zip']);
  });
});
