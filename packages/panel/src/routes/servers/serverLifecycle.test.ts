import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeTestApp, type NodeTestApp } from '../../test/serverFixtures.js';

describe('a server from the shipped nodejs template, end to end on the local node', () => {
  let t: NodeTestApp;
  beforeAll(async () => {
    t = await createNodeTestApp();
  });
  afterAll(() => t.close());

  it('is created, installed, started, talks on its console, stops and is deleted', async () => {
    const headers = t.admin.headers;
    const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, extra: { payload?: unknown; headers?: Record<string, string> } = {}) =>
      t.app.inject({ method, url, headers: { ...headers, ...extra.headers }, payload: extra.payload as string });

    expect((await inject('POST', '/api/templates/import/nodejs')).statusCode).toBe(204);
    const created = await inject('POST', '/api/servers', { payload: { name: 'My node app', node: t.localNodeId, template: 'nodejs', environment: { type: 'standard' }, variables: { main: 'index.js' } } });
    expect(created.statusCode).toBe(200);
    const id: string = created.json().id;
    const server = `/proxy/daemon/server/${id}`;

    const script = "console.log('app says hello');process.stdin.setEncoding('utf8');process.stdin.on('data',(d)=>console.log('you said '+d.trim()));process.on('SIGTERM',()=>process.exit(0));";
    const boundary = '----lifecycle';
    const upload = await inject('PUT', `${server}/file/index.js`, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="index.js"\r\n\r\n${script}\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(204);

    expect((await inject('POST', `${server}/install?wait`)).statusCode).toBe(204);
    expect((await inject('POST', `${server}/start?wait`)).statusCode).toBe(204);
    const consoleText = async () => ((await inject('GET', `${server}/console`)).json().logs as string[]).join('');
    await vi.waitFor(async () => expect(await consoleText()).toContain('app says hello'), { timeout: 20_000, interval: 100 });

    expect((await inject('POST', `${server}/console`, { payload: 'marco', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await consoleText()).toContain('you said marco'), { timeout: 20_000, interval: 100 });

    expect((await inject('POST', `${server}/stop?wait`)).statusCode).toBe(204);
    expect((await inject('GET', `${server}/status`)).json()).toEqual({ running: false, installing: false });

    expect((await inject('DELETE', `/api/servers/${id}`)).statusCode).toBe(204);
    expect((await inject('GET', `/api/servers/${id}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/servers')).json().paging.total).toBe(0);
  }, 60_000);
});
