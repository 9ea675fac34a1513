import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Step } from '@outpost/shared';
import { downloadSourcesWith, vendorSources } from './downloadSources.js';
import { runOperations } from './runOperations.js';
import { failureOf, makeContext, serveHttp, type TestContext, type TestHttpServer } from './testKit.js';

const jar = (id: string) => `minecraft server ${id}`;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

let ctx: TestContext;
let http: TestHttpServer;
let corruptJar = false;
let cutJar = false;
// The vendors' endpoints, put back after each test points them at its own server.

beforeEach(async () => {
  ctx = await makeContext({ mcVersion: '1.20.4' });
  corruptJar = false;
  cutJar = false;
  http = await serveHttp((req, res) => {
    const base = `http://${req.headers.host}`;
    const path = new URL(req.url!, base).pathname;
    const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    // Shapes as Mojang's launcher manifest v2 and version documents have them (trimmed).
    if (path === '/mc/game/version_manifest_v2.json') {
      return json({
        latest: { release: '1.21', snapshot: '24w14a' },
        versions: ['24w14a', '1.21', '1.20.4'].map((id) => ({
          id,
          type: id.includes('w') ? 'snapshot' : 'release',
          url: `${base}/v1/packages/abc/${id}.json`,
          time: '2024-04-03T12:00:00+00:00',
          releaseTime: '2024-04-03T12:00:00+00:00',
          sha1: 'abc',
          complianceLevel: 1,
        })),
      });
    }
    const version = /^\/v1\/packages\/abc\/(.+)\.json$/.exec(path)?.[1];
    if (version) {
      return json({
        id: version,
        downloads: {
          client: { sha1: 'x', size: 1, url: `${base}/client.jar` },
          server: { sha1: sha1(jar(version)), size: jar(version).length, url: `${base}/v1/objects/${version}/server.jar` },
        },
      });
    }
    const object = /^\/v1\/objects\/(.+)\/server\.jar$/.exec(path)?.[1];
    if (object && cutJar) {
      // Announces the whole jar, sends half, hangs up.
      res.writeHead(200, { 'content-length': String(jar(object).length) });
      return void res.write(jar(object).slice(0, 5), () => res.destroy());
    }
    if (object) return void res.end(corruptJar ? 'tampered' : jar(object));
    // Shape of Fabric's installer list.
    if (path === '/v2/versions/installer') {
      return json([
        { url: `${base}/fabric-installer-1.1.0.jar`, maven: 'net.fabricmc:fabric-installer:1.1.0', version: '1.1.0', stable: false },
        { url: `${base}/fabric-installer-1.0.1.jar`, maven: 'net.fabricmc:fabric-installer:1.0.1', version: '1.0.1', stable: true },
      ]);
    }
    if (path === '/fabric-installer-1.0.1.jar') return void res.end('fabric installer 1.0.1');
    res.writeHead(404).end();
  });
  ctx.sources = downloadSourcesWith({ mojangManifest: `${http.url}/mc/game/version_manifest_v2.json`, fabricInstallers: `${http.url}/v2/versions/installer` });
});
afterEach(async () => {
  await http.close();
  await ctx.cleanup();
});

const failure = (steps: Step[]) => failureOf(steps, ctx);

describe('mojangdl', () => {
  it('downloads the server jar of the version asked for', async () => {
    await runOperations([{ type: 'mojangdl', version: '${mcVersion}', target: 'server.jar' }], ctx);
    expect(await readFile(join(ctx.root, 'server.jar'), 'utf8')).toBe(jar('1.20.4'));
    expect(ctx.lines).toContain('Downloading the Minecraft 1.20.4 server to server.jar');
  });

  it('takes "latest" as the latest release and "snapshot" as the latest snapshot', async () => {
    await runOperations(
      [
        { type: 'mojangdl', version: 'latest', target: 'release.jar' },
        { type: 'mojangdl', version: 'snapshot', target: 'libs/snapshot.jar' },
      ],
      ctx,
    );
    expect(await readFile(join(ctx.root, 'release.jar'), 'utf8')).toBe(jar('1.21'));
    expect(await readFile(join(ctx.root, 'libs/snapshot.jar'), 'utf8')).toBe(jar('24w14a'));
  });

  it('fails on an unknown version', async () => {
    expect((await failure([{ type: 'mojangdl', version: '0.0.1', target: 'server.jar' }])).message).toBe(
      'step 1 (mojangdl) failed: Minecraft version 0.0.1 was not found',
    );
  });

  it('refuses a download that does not match its SHA-1 and keeps no file', async () => {
    corruptJar = true;
    expect((await failure([{ type: 'mojangdl', version: '1.21', target: 'server.jar' }])).message).toMatch(/does not match its SHA-1/);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('refuses a download cut short and keeps no file', async () => {
    cutJar = true;
    expect((await failure([{ type: 'mojangdl', version: '1.21', target: 'server.jar' }])).message).toMatch(/server\.jar was cut short/);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('fails clearly when the manifest is not there', async () => {
    ctx.sources = downloadSourcesWith({ ...ctx.sources, mojangManifest: `${http.url}/moved-away.json` });
    expect((await failure([{ type: 'mojangdl', version: '1.21', target: 'server.jar' }])).message).toBe(
      `step 1 (mojangdl) failed: ${http.url}/moved-away.json answered HTTP 404 Not Found`,
    );
  });

  it('refuses a target outside the server folder', async () => {
    expect((await failure([{ type: 'mojangdl', version: '1.21', target: '../server.jar' }])).metadata?.cause).toBe('ErrPathOutsideServer');
  });
});

describe('download sources', () => {
  it('take a mirror per node, refusing what is not an http(s) URL', () => {
    const mirrored = downloadSourcesWith({ adoptiumApi: 'https://mirror.example/adoptium/' });
    expect(mirrored.adoptiumApi).toBe('https://mirror.example/adoptium');
    expect(mirrored.forgeMaven).toBe(vendorSources.forgeMaven);
    expect(() => downloadSourcesWith({ forgeMaven: 'file:///etc' })).toThrowError(expect.objectContaining({ code: 'ErrFieldIsInvalidHost' }));
    // The mirror is that node's: the vendors' own stay for every other.
    expect(vendorSources.adoptiumApi).not.toBe(mirrored.adoptiumApi);
  });
});

describe('fabricdl', () => {
  it('downloads the newest stable Fabric installer to the target file', async () => {
    await runOperations([{ type: 'fabricdl', targetFile: 'fabric-installer.jar' }], ctx);
    expect(await readFile(join(ctx.root, 'fabric-installer.jar'), 'utf8')).toBe('fabric installer 1.0.1');
  });

  it('fails clearly when the list cannot be read', async () => {
    ctx.sources = downloadSourcesWith({ ...ctx.sources, fabricInstallers: `${http.url}/nothing-here` });
    expect((await failure([{ type: 'fabricdl', targetFile: 'f.jar' }])).message).toBe(
      `step 1 (fabricdl) failed: ${http.url}/nothing-here answered HTTP 404 Not Found`,
    );
  });
});
