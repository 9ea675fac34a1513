// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The app's own 401 handling, registered as the app starts.
import '../App';
import { sessionStore } from '../session/sessionStore';
import { api } from './client';
import { readTextFile, uploadFile } from './files';

// Vitest's jsdom environment hands the page's JSDOM over as a global.
declare const jsdom: { reconfigure(settings: { url: string }): void };

const signedOut = 'a1b2c3d4';
const received: { call: string; body: string }[] = [];

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

// A panel on loopback whose session has ended, but for one server where uploads succeed.
let panel: Server;
beforeAll(async () => {
  panel = createServer((request, response) => {
    // jsdom's XMLHttpRequest keeps the origin its page was created with, so to it this panel is
    // another origin: allowing that origin stands in for the same-origin page of the browser.
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'PUT' }).end();
      return;
    }
    void readBody(request).then((body) => {
      received.push({ call: `${request.method} ${request.url}`, body });
      if (request.url?.startsWith('/proxy/daemon/server/0000ffff/')) {
        response.writeHead(204).end();
        return;
      }
      const code = request.url === '/auth/login' ? 'ErrInvalidCredentials' : 'ErrSessionTimedOut';
      response.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code, msg: code } }));
    });
  });
  await new Promise<void>((resolve) => panel.listen(0, '127.0.0.1', resolve));
  // The page is served by that panel, so relative URLs reach it, as in the browser.
  const origin = `http://127.0.0.1:${(panel.address() as AddressInfo).port}`;
  jsdom.reconfigure({ url: `${origin}/server/${signedOut}` });
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => nodeFetch(new URL(url, origin), init));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => panel.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  sessionStore.save([Scopes.ServersView]);
});

describe('request: one error decoding, one sign-out on 401', () => {
  it('signs the user out when a JSON call answers 401', async () => {
    await expect(api.get('/api/self')).rejects.toMatchObject({ status: 401, code: 'ErrSessionTimedOut' });
    expect(sessionStore.isLoggedIn()).toBe(false);
  });

  it('signs the user out when a raw download answers 401, with the same decoded error', async () => {
    await expect(readTextFile(signedOut, 'server.properties')).rejects.toMatchObject({ status: 401, code: 'ErrSessionTimedOut' });
    expect(received.map(({ call }) => call)).toEqual([`GET /proxy/daemon/server/${signedOut}/file/server.properties`]);
    expect(sessionStore.isLoggedIn()).toBe(false);
  });

  it('signs the user out when an upload with progress answers 401, with the same decoded error', async () => {
    await expect(uploadFile(signedOut, 'world.zip', new File(['PK bytes'], 'world.zip'), () => {})).rejects.toMatchObject({ status: 401, code: 'ErrSessionTimedOut' });
    expect(received.map(({ call }) => call)).toEqual([`PUT /proxy/daemon/server/${signedOut}/file/world.zip`]);
    expect(received[0]!.body).toContain('PK bytes');
    expect(sessionStore.isLoggedIn()).toBe(false);
  });

  it('reports an upload that succeeded as done, and keeps the session', async () => {
    const progress: number[] = [];
    await uploadFile('0000ffff', 'notes.txt', new File(['hello'], 'notes.txt'), (fraction) => progress.push(fraction));
    expect(progress.at(-1)).toBe(1);
    expect(received[0]!.body).toContain('hello');
    expect(sessionStore.isLoggedIn()).toBe(true);
  });

  it('keeps the session when a sign-in answers 401: that is a wrong password, not an ended session', async () => {
    await expect(api.post('/auth/login', { email: 'a@example.com', password: 'wrong' })).rejects.toMatchObject({ status: 401, code: 'ErrInvalidCredentials' });
    expect(sessionStore.isLoggedIn()).toBe(true);
  });
});
