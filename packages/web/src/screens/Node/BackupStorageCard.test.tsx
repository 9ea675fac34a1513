// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'wouter';
import { Scopes, type NodeView, type Scope } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/sessionStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import NodeScreen from './NodeScreen';

const node: NodeView = {
  id: 7,
  name: 'east',
  publicHost: 'east.example.com',
  publicPort: 8443,
  privateHost: '10.0.0.7',
  privatePort: 8444,
  sftpPort: 5657,
  isLocal: false,
  online: true,
  version: '0.1.0',
  servers: 2,
  backups: { type: 'local' },
  backupStorage: { ok: true },
};

// The panel, as far as the node page talks to it: fetch is the browser's edge, stood in for here.
let answer: NodeView;
let sent: { method: string; url: string; body?: unknown }[];
let testAnswer: unknown;
let putAnswer: () => Response;
beforeEach(() => {
  putAnswer = () => new Response(null, { status: 204 });
  answer = node;
  sent = [];
  testAnswer = { ok: false, errorCode: 'ErrBackupStorage', error: 'InvalidAccessKeyId: the key id does not exist' };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && url === '/api/nodes/7') return Response.json(answer);
    if (method === 'POST' && url === '/api/nodes/7/backups/test') return Response.json(testAnswer);
    if (method === 'PUT' && url === '/api/nodes/7') return putAnswer();
    return Response.json({ error: { code: 'ErrNotFound', msg: url } }, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function open(scopes: Scope[]) {
  sessionStore.save(scopes);
  renderWithProviders(<Route path="/node/:id" component={NodeScreen} />, { path: '/node/7' });
}

describe('the backup storage of a node', () => {
  it('is set by admins only', async () => {
    open([Scopes.NodesView, Scopes.NodesEdit]);
    await screen.findByRole('textbox', { name: 'Public host' });
    expect(screen.queryByTestId('backup-storage')).toBeNull();
  });

  it('tests S3 settings as typed and says why the node could not use them, then saves them with the node as it is', async () => {
    open([Scopes.ServersAdmin]);
    fireEvent.click(await screen.findByRole('radio', { name: 'S3-compatible storage' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Endpoint/ }), { target: { value: 'http://127.0.0.1:9000' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Bucket/ }), { target: { value: 'outpost' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Access key ID/ }), { target: { value: 'AKIA1' } });
    fireEvent.change(screen.getByTestId('backup-storage-secret'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('switch', { name: /Path-style addresses/ }));
    const storage = { type: 's3', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'outpost', prefix: '', accessKeyId: 'AKIA1', secretAccessKey: 'secret-1', forcePathStyle: true };

    fireEvent.click(screen.getByTestId('backup-storage-test'));
    const result = await screen.findByTestId('backup-storage-test-result');
    expect(result.textContent).toContain('The node could not use this storage');
    expect(result.textContent).toContain('InvalidAccessKeyId: the key id does not exist');
    expect(sent).toEqual([{ method: 'POST', url: '/api/nodes/7/backups/test', body: { backups: storage } }]);

    fireEvent.click(screen.getByTestId('backup-storage-save'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: '/api/nodes/7',
      body: { name: 'east', publicHost: 'east.example.com', publicPort: 8443, privateHost: '10.0.0.7', privatePort: 8444, sftpPort: 5657, backups: storage },
    });
    // The secret sent is the one kept now: the field says so rather than holding it.
    expect(await screen.findByTestId('backup-storage-secret-set')).not.toBeNull();
  });

  it('keeps the saved secret unless a new one is typed', async () => {
    answer = { ...node, backups: { type: 's3', endpoint: 'https://s3.example.com', region: 'eu-west-1', bucket: 'b', prefix: 'east/', accessKeyId: 'AKIA1', secretAccessKey: '', forcePathStyle: false, isSet: true } };
    testAnswer = { ok: true };
    open([Scopes.ServersAdmin]);
    await screen.findByTestId('backup-storage-secret-set');
    fireEvent.click(screen.getByTestId('backup-storage-test'));
    expect((await screen.findByTestId('backup-storage-test-result')).textContent).toBe('The node reached the storage and could write to it');
    expect(sent[0]!.body).toEqual({ backups: { type: 's3', endpoint: 'https://s3.example.com', region: 'eu-west-1', bucket: 'b', prefix: 'east/', accessKeyId: 'AKIA1', forcePathStyle: false } });
  });

  it('checks the fields before asking, and marks the one the panel refuses', async () => {
    putAnswer = () => Response.json({ error: { code: 'ErrFieldIsInvalidHost', msg: 'must be an http or https URL', metadata: { field: 'backups.endpoint' } } }, { status: 400 });
    open([Scopes.ServersAdmin]);
    fireEvent.click(await screen.findByRole('radio', { name: 'S3-compatible storage' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Endpoint/ }), { target: { value: 's3.example.com' } });
    fireEvent.click(screen.getByTestId('backup-storage-save'));
    expect(await screen.findByText('Must be an http:// or https:// address')).not.toBeNull();
    expect(screen.getByText('Bucket is required')).not.toBeNull();
    expect(screen.getByText('Access key ID is required')).not.toBeNull();
    expect(screen.getByText('Secret access key is required')).not.toBeNull();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /^Endpoint/ }), { target: { value: 'https://key:secret@s3.example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Bucket/ }), { target: { value: 'outpost' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Access key ID/ }), { target: { value: 'AKIA1' } });
    fireEvent.change(screen.getByTestId('backup-storage-secret'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByTestId('backup-storage-save'));
    expect(await screen.findByText('Must be a valid IP or FQDN')).not.toBeNull();
  });

  it('warns on the node page when the node cannot reach its storage, with its reason', async () => {
    answer = { ...node, backupStorage: { ok: false, errorCode: 'ErrBackupStorage', error: 'connect ECONNREFUSED 127.0.0.1:9000' } };
    open([Scopes.NodesView]);
    const warning = await screen.findByTestId('backup-storage-warning');
    expect(warning.textContent).toContain('The node cannot reach its backup storage');
    expect(warning.textContent).toContain('connect ECONNREFUSED 127.0.0.1:9000');
  });
});
