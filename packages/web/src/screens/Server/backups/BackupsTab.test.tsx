// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { serverPermissionFlags, type Backup, type ServerPermissions, type ServerSummary } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerPerms } from '../../../session/can';
import { ServerPermissionsProvider } from '../../../session/ServerPermissionsProvider';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { visibleTabs } from '../serverTabs';
import { scopesOnServer } from '../../../session/can';
import BackupsTab from './BackupsTab';

const none = Object.fromEntries(serverPermissionFlags.map((flag) => [flag, false])) as ServerPermissions;
const perms = (change: Partial<ServerPerms>): ServerPerms => ({ ...none, admin: false, ...change });
const everything = perms({ viewServerBackups: true, createServerBackups: true, restoreServerBackups: true, deleteServerBackups: true });
const server: ServerSummary = { id: 'abcd1234', name: 'world', ip: '', port: null, type: 'test', node: { id: 1, name: 'local', publicHost: 'localhost', sftpPort: 5657 } };

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const backup = (change: Partial<Backup>): Backup => ({
  id: '0123456789abcdef',
  name: 'before the update',
  status: 'done',
  size: 2_500_000,
  sha256: 'ab'.repeat(32),
  files: 12,
  locked: false,
  createdAt: hourAgo,
  completedAt: hourAgo,
  createdBy: { type: 'user', id: '1', name: 'alice' },
  ...change,
});

// The panel, as far as this tab talks to it: fetch is the browser's edge, stood in for here.
let backups: Backup[];
let sent: { method: string; url: string; body?: unknown }[];
beforeEach(() => {
  backups = [backup({}), backup({ id: 'fedcba9876543210', name: 'kept', locked: true, createdBy: { type: 'task', id: '3', name: 'Nightly' } })];
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const base = `/api/servers/${server.id}/backups`;
    if (method === 'GET' && url === base) return Response.json({ backups, limit: 5 });
    if (method === 'GET' && url === `${base}/policy`) return Response.json({ limit: 5, keepDays: 30 });
    if (method === 'GET' && url.startsWith(`${base}/0123456789abcdef/files`)) {
      const path = new URL(url, 'http://panel').searchParams.get('path');
      const entries = path === '/' ? [{ name: 'world', isFile: false, size: 0, modifyTime: 0 }, { name: 'server.properties', isFile: true, size: 120, modifyTime: 0 }] : [{ name: 'level.dat', isFile: true, size: 42, modifyTime: 0 }];
      return Response.json(entries);
    }
    if (method === 'POST' && url === base) return Response.json({ id: '1111111111111111' });
    if (method !== 'GET') return new Response(null, { status: 204 });
    return Response.json({ error: { code: 'ErrNotFound', msg: url } }, { status: 404 });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderTab(permissions: ServerPerms) {
  renderWithProviders(
    <ServerPermissionsProvider permissions={permissions}>
      <BackupsTab server={server} />
    </ServerPermissionsProvider>,
  );
}

const row = async (name: string) => (await screen.findAllByTestId('backup-row')).find((element) => element.getAttribute('data-backup') === name)!;

describe('the Backups tab', () => {
  it('is on the server page of a viewServerBackups holder, and of nobody without it', () => {
    expect(visibleTabs(scopesOnServer(perms({ viewServerBackups: true }))).map((tab) => tab.id)).toContain('backups');
    expect(visibleTabs(scopesOnServer(perms({ viewServerFiles: true }))).map((tab) => tab.id)).not.toContain('backups');
  });

  it('lists each backup with its size, age, maker, lock and status, and the retention in words', async () => {
    renderTab(everything);
    const first = await row('before the update');
    expect(first.textContent).toContain('2.5 MB');
    expect(first.textContent).toContain('12 files');
    expect(first.textContent).toContain('by alice');
    expect(first.textContent).toContain('1 hour ago');
    expect(within(first).getByTestId('backup-status').textContent).toBe('Done');
    expect(within(first).queryByTestId('backup-locked')).toBeNull();
    const kept = await row('kept');
    expect(kept.textContent).toContain('by the task Nightly');
    expect(within(kept).getByTestId('backup-locked')).not.toBeNull();
    expect((await screen.findByTestId('backup-policy')).textContent).toContain('Keeps the newest 5 backups. Removes backups older than 30 days.');
  });

  it('offers a viewer download and browse only: no create, restore, lock, delete or retention change', async () => {
    renderTab(perms({ viewServerBackups: true }));
    const first = await row('before the update');
    expect(within(first).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`/api/servers/${server.id}/backups/0123456789abcdef/download`);
    expect(within(first).getByRole('button', { name: 'Browse' })).not.toBeNull();
    for (const name of ['Restore all', 'Lock', 'Delete']) expect(within(first).queryByRole('button', { name })).toBeNull();
    expect(screen.queryByTestId('backup-create')).toBeNull();
    await screen.findByTestId('backup-policy');
    expect(screen.queryByTestId('backup-policy-edit')).toBeNull();
  });

  it('creates a backup with the name typed', async () => {
    renderTab(everything);
    fireEvent.click(await screen.findByTestId('backup-create'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: ' nightly ' } });
    fireEvent.click(screen.getByTestId('backup-create-confirm'));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', url: `/api/servers/${server.id}/backups`, body: { name: 'nightly' } }]));
  });

  it('refuses to delete a locked backup, saying to unlock it, and deletes an unlocked one once confirmed', async () => {
    renderTab(everything);
    const locked = within(await row('kept')).getByRole('button', { name: 'Delete' });
    expect(locked.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(locked);
    fireEvent.mouseEnter(locked);
    expect(await screen.findByText('Locked: unlock it to delete it')).not.toBeNull();
    expect(screen.queryByTestId('confirm-delete-backup')).toBeNull();

    fireEvent.click(within(await row('before the update')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByTestId('confirm-delete-backup'));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', url: `/api/servers/${server.id}/backups/0123456789abcdef` }]));
  });

  it('locks and unlocks', async () => {
    renderTab(everything);
    fireEvent.click(within(await row('before the update')).getByRole('button', { name: 'Lock' }));
    fireEvent.click(within(await row('kept')).getByRole('button', { name: 'Unlock' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PUT', url: `/api/servers/${server.id}/backups/0123456789abcdef`, body: { locked: true } },
        { method: 'PUT', url: `/api/servers/${server.id}/backups/fedcba9876543210`, body: { locked: false } },
      ]),
    );
  });

  it('restores the whole backup over an emptied folder when asked to', async () => {
    renderTab(everything);
    fireEvent.click(within(await row('before the update')).getByRole('button', { name: 'Restore all' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Empty the server folder first/ }));
    fireEvent.click(screen.getByTestId('confirm-restore-all'));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', url: `/api/servers/${server.id}/backups/0123456789abcdef/restore`, body: { truncate: true } }]));
  });

  it('browses into a folder, back by the path above, and restores one file from it once confirmed', async () => {
    renderTab(everything);
    fireEvent.click(within(await row('before the update')).getByRole('button', { name: 'Browse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Backup before the update' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'world' }));
    const file = (await within(dialog).findByText('level.dat')).closest('tr')!;
    expect(within(dialog).getByTestId('backup-crumbs').textContent).toContain('Server folder');
    expect(within(dialog).getByTestId('backup-crumbs').textContent).toContain('world');
    fireEvent.click(within(file).getByRole('button', { name: 'Restore' }));
    fireEvent.click(await screen.findByTestId('confirm-restore-path'));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', url: `/api/servers/${server.id}/backups/0123456789abcdef/restore`, body: { paths: ['/world/level.dat'] } }]));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Server folder' }));
    expect(await within(dialog).findByText('server.properties')).not.toBeNull();
  });

  it('shows a running backup with its progress and asks again until it is done', async () => {
    backups = [backup({ status: 'running', progress: 0.4, completedAt: null, files: 0 })];
    renderTab(everything);
    const running = await row('before the update');
    expect(within(running).getByTestId('backup-progress').textContent).toContain('40%');
    // Nothing can be done with it yet.
    expect(within(running).queryByRole('button', { name: 'Delete' })).toBeNull();
    backups = [backup({})];
    await waitFor(async () => expect((await row('before the update')).getAttribute('data-status')).toBe('done'), { timeout: 4000 });
  });

  it("says why a backup failed, in the reader's words", async () => {
    backups = [backup({ status: 'failed', errorCode: 'ErrDiskFull', error: 'ENOSPC: no space left on device' })];
    renderTab(everything);
    const failed = await row('before the update');
    expect(within(failed).getByTestId('backup-error').textContent).toBe('The disk is full');
    expect(within(failed).getByTestId('backup-error-detail').textContent).toBe('ENOSPC: no space left on device');
  });
});
