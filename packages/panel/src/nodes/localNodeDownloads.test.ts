import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SettingKeys } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTestApp, echoDefinition, type NodeTestApp } from '../test/serverFixtures.js';

describe("the local node's download steps", () => {
  let t: NodeTestApp;
  let files: Server;
  let filesUrl = '';
  let hits = 0;
  beforeAll(async () => {
    t = await createNodeTestApp();
    // Stands for a private target (a LAN host, the metadata address): it counts whether it was reached.
    files = createServer((_req, res) => {
      hits++;
      res.end('jar bytes');
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    files.closeAllConnections();
    await new Promise((resolve) => files.close(resolve));
  });

  it('reach a private address only once the panel setting allows its range', async () => {
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: t.admin.headers, ...(payload ? { payload } : {}) });
    const template = { ...echoDefinition, install: [{ type: 'download', files: [`${filesUrl}/server.jar`] }] };
    const created = await inject('POST', '/api/servers', { name: 'Downloads', node: t.localNodeId, template, environment: { type: 'standard' } });
    expect(created.statusCode).toBe(200);
    const server = `/proxy/daemon/server/${created.json().id as string}`;

    const refused = await inject('POST', `${server}/install?wait`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ reason: 'ErrOperationFailed', metadata: { cause: 'ErrPrivateTarget' } });
    expect(refused.json().error.msg).toContain(SettingKeys.allowPrivateTargets);
    expect(hits).toBe(0);

    expect((await inject('PUT', `/api/settings/${SettingKeys.allowPrivateTargets}`, { value: '127.0.0.0/8' })).statusCode).toBe(204);
    expect((await inject('POST', `${server}/install?wait`)).statusCode).toBe(204);
    expect(hits).toBe(1);
    expect((await inject('GET', `${server}/file/server.jar`)).body).toBe('jar bytes');
  }, 60_000);
});
