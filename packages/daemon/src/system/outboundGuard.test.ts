import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutpostError } from '@outpost/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { isAllowedTarget, OutboundGuard, parseAllowedTargets, readLimited } from './outboundGuard.js';

/** A loopback HTTP server that counts the requests it got: a decoy when a test expects none. */
async function serve(host: string, handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const state = { hits: 0, url: `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}` };
  server.on('request', () => state.hits++);
  opened.push(server);
  return state;
}
const opened: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function refusal(promise: Promise<unknown>): Promise<OutpostError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(OutpostError);
  return error as OutpostError;
}

describe('the private-address decision', () => {
  const none = parseAllowedTargets('');

  it('refuses loopback, link-local, private, unique-local, CGNAT, unspecified and mapped addresses', () => {
    const refused = ['127.0.0.1', '10.0.0.5', '172.16.3.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:a00:5', '64:ff9b::a9fe:a9fe', '2002:a00:1::1'];
    for (const address of refused) expect([address, isAllowedTarget(address, none)]).toEqual([address, false]);
  });

  it('lets public addresses through, mapped ones included', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([address, isAllowedTarget(address, none)]).toEqual([address, true]);
  });

  it('lets a private address through only inside an allowed range', () => {
    const allowed = parseAllowedTargets(' 10.0.0.0/8 , fd00::/8,169.254.169.254');
    expect(isAllowedTarget('10.0.0.5', allowed)).toBe(true);
    expect(isAllowedTarget('::ffff:10.0.0.5', allowed)).toBe(true);
    expect(isAllowedTarget('fd00::1', allowed)).toBe(true);
    expect(isAllowedTarget('169.254.169.254', allowed)).toBe(true);
    expect(isAllowedTarget('169.254.169.253', allowed)).toBe(false);
    expect(isAllowedTarget('192.168.1.1', allowed)).toBe(false);
    expect(isAllowedTarget('127.0.0.1', allowed)).toBe(false);
  });

  it('refuses a bad range with ErrFieldIsInvalidIP naming the field and the entry', () => {
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'example.com', '10.0.0/8', '10.0.0.0/', '::1%lo']) {
      let error: unknown;
      try {
        parseAllowedTargets(`127.0.0.0/8,${bad}`, 'panel.security.allowPrivateTargets');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(OutpostError);
      expect((error as OutpostError).code).toBe('ErrFieldIsInvalidIP');
      expect((error as OutpostError).metadata).toMatchObject({ field: 'panel.security.allowPrivateTargets', value: bad });
    }
  });

  it('refuses a name when any of its addresses is private, before connecting', async () => {
    const resolved: string[] = [];
    const guard = new OutboundGuard({
      allowed: () => '',
      allowedIn: 'the setting',
      resolve: async (name) => {
        resolved.push(name);
        return ['93.184.216.34', '10.0.0.5'];
      },
    });
    const error = await refusal(guard.pin('mixed.example'));
    expect(error.code).toBe('ErrPrivateTarget');
    expect(error.message).toContain('10.0.0.5');
    expect(error.message).toContain('the setting');
    expect(resolved).toEqual(['mixed.example']);
  });
});

describe('OutboundGuard.fetch', () => {
  it('does not connect to a refused loopback address, and does once it is allowed', async () => {
    const decoy = await serve('127.0.0.1', (_req, res) => res.end('secret'));
    let allowed = '';
    const guard = new OutboundGuard({ allowed: () => allowed, allowedIn: 'allowPrivateTargets' });
    expect((await refusal(guard.fetch(`${decoy.url}/`))).code).toBe('ErrPrivateTarget');
    expect((await refusal(guard.fetch(decoy.url.replace('127.0.0.1', 'localhost')))).code).toBe('ErrPrivateTarget');
    expect(decoy.hits).toBe(0);
    allowed = '127.0.0.0/8,::1/128';
    expect(await (await guard.fetch(`${decoy.url}/`)).text()).toBe('secret');
    expect(decoy.hits).toBe(1);
  });

  it('refuses a redirect to a refused address without reaching it', async () => {
    const decoy = await serve('127.0.0.2', (_req, res) => res.end('metadata'));
    const start = await serve('127.0.0.1', (_req, res) => res.writeHead(302, { location: `${decoy.url}/latest/meta-data` }).end());
    const guard = new OutboundGuard({ allowed: () => '127.0.0.1/32', allowedIn: 'allowPrivateTargets' });
    const error = await refusal(guard.fetch(`${start.url}/index.json`));
    expect(error.code).toBe('ErrPrivateTarget');
    expect(error.message).toContain('127.0.0.2');
    expect(start.hits).toBe(1);
    expect(decoy.hits).toBe(0);
  });

  it('refuses a redirect to another scheme and stops after the hop limit', async () => {
    const looping = await serve('127.0.0.1', (req, res) => res.writeHead(302, { location: req.url === '/file' ? 'file:///etc/passwd' : '/again' }).end());
    const guard = new OutboundGuard({ allowed: () => '127.0.0.1/32', allowedIn: 'allowPrivateTargets' });
    expect((await refusal(guard.fetch(`${looping.url}/file`))).message).toContain('only http and https');
    const before = looping.hits;
    expect((await refusal(guard.fetch(`${looping.url}/start`, { maxRedirects: 3 }))).message).toContain('too many redirects');
    expect(looping.hits - before).toBe(4);
  });

  it('dials the address it checked: one resolution per connection', async () => {
    const target = await serve('127.0.0.1', (_req, res) => res.end('ok'));
    let lookups = 0;
    // A rebinding resolver: the checked answer first, a refused one after.
    const guard = new OutboundGuard({ allowed: () => '127.0.0.1/32', allowedIn: 'allowPrivateTargets', resolve: async () => (lookups++ === 0 ? ['127.0.0.1'] : ['10.0.0.5']) });
    expect(await (await guard.fetch(target.url.replace('127.0.0.1', 'repository.test'))).text()).toBe('ok');
    expect(lookups).toBe(1);
    expect(target.hits).toBe(1);
  });
});

describe('readLimited', () => {
  it('cuts an endless answer at the limit', async () => {
    let written = 0;
    const endless = await serve('127.0.0.1', (_req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const more = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    const guard = new OutboundGuard({ allowed: () => '127.0.0.1/32', allowedIn: 'allowPrivateTargets' });
    const error = await refusal(readLimited(await guard.fetch(endless.url), 1024 * 1024));
    expect(error.code).toBe('ErrFileTooLarge');
    // The server stops being read: what it managed to write stays within a few buffers of the limit.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('shares a budget between reads', async () => {
    const files = await serve('127.0.0.1', (_req, res) => res.end('y'.repeat(600)));
    const guard = new OutboundGuard({ allowed: () => '127.0.0.1/32', allowedIn: 'allowPrivateTargets' });
    const budget = { left: 1000 };
    expect(await readLimited(await guard.fetch(files.url), 1000, budget)).toHaveLength(600);
    expect((await refusal(readLimited(await guard.fetch(files.url), 1000, budget))).code).toBe('ErrFileTooLarge');
  });
});
