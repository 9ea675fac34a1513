import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutpostError } from '@outpost/shared';
import type { Step } from '@outpost/shared';
import { UploadFolder } from '../files/jailPath.js';
import { OutboundGuard } from '../system/outboundGuard.js';
import { downloadToFile } from './downloadToFile.js';
import { runOperations } from './runOperations.js';
import { failureOf, makeContext, serveHttp, type TestContext, type TestHttpServer } from './testKit.js';

const BIG = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 7);

let ctx: TestContext;
let http: TestHttpServer;
let requests: string[];
let halfOnDisk: () => Promise<void> = async () => {};
const sent = { endless: 0 };

/** A second loopback address standing for a private one (10.x, 169.254.169.254): it counts whether it was reached. */
let decoy: TestHttpServer;
let decoyHits: number;
beforeEach(async () => {
  decoyHits = 0;
  decoy = await serveHttp((_req, res) => {
    decoyHits++;
    res.end('credentials');
  }, '127.0.0.2');
});
afterEach(() => decoy.close());

beforeEach(async () => {
  ctx = await makeContext({ version: '1.2.3' });
  requests = [];
  http = await serveHttp((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    requests.push(path);
    if (path === '/files/server-1.2.3.jar') return void res.end('jar bytes');
    if (path === '/files/with%20space.txt') return void res.end('spaced');
    if (path === '/redirect') return void res.writeHead(302, { location: '/files/server-1.2.3.jar' }).end();
    if (path === '/loop') return void res.writeHead(301, { location: '/loop' }).end();
    if (path === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/big.bin') {
      // Generated on the fly with backpressure, so neither side holds 50 MB.
      res.writeHead(200, { 'content-length': String(BIG) });
      let sent = 0;
      let paused = false;
      const pump = (): void => {
        while (sent < BIG) {
          if (sent >= BIG / 2 && !paused) {
            paused = true;
            return void halfOnDisk().then(pump);
          }
          sent += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (path === '/slow.bin') {
      res.writeHead(200);
      res.write('start');
      return; // never ends
    }
    if (path === '/cut.bin') {
      // Announces 100 bytes, sends 5, hangs up.
      res.writeHead(200, { 'content-length': '100' });
      return void res.write('start', () => res.destroy());
    }
    if (path === '/%2e%2e') return void res.end('dots');
    if (path === '/to-metadata') return void res.writeHead(302, { location: `${decoy.url}/latest/meta-data/iam` }).end();
    if (path === '/endless.bin') {
      // No length announced, never ends: only the reader's limit stops it.
      res.writeHead(200);
      const more = (): void => {
        while (!res.destroyed && res.write(CHUNK)) sent.endless += CHUNK.length;
        if (!res.destroyed) res.once('drain', more);
      };
      return more();
    }
    res.writeHead(404, 'Not Found').end('no');
  });
});

/** Waits until the download being written holds at least `bytes` (it grows in the jail's hidden upload folder, then is renamed into place). */
function partOnDisk(bytes: number): Promise<void> {
  const uploads = join(ctx.root, UploadFolder);
  return vi.waitFor(
    async () => {
      const part = (await readdir(uploads).catch(() => [])).at(0);
      const size = part ? ((await stat(join(uploads, part)).catch(() => undefined))?.size ?? 0) : 0;
      expect(size).toBeGreaterThanOrEqual(bytes);
    },
    { timeout: 20_000, interval: 20 },
  );
}

afterEach(async () => {
  await http.close();
  await ctx.cleanup();
});

const failure = (steps: Step[]) => failureOf(steps, ctx);

describe('download', () => {
  it('saves each URL in the server folder under its last path segment, with variables substituted', async () => {
    await runOperations([{ type: 'download', files: [`${http.url}/files/server-\${version}.jar`, `${http.url}/files/with%20space.txt`] }], ctx);
    expect(await readFile(join(ctx.root, 'server-1.2.3.jar'), 'utf8')).toBe('jar bytes');
    expect(await readFile(join(ctx.root, 'with space.txt'), 'utf8')).toBe('spaced');
    expect(ctx.lines).toContain(`Downloading ${http.url}/files/server-1.2.3.jar to server-1.2.3.jar`);
  });

  it('replaces an existing file of that name', async () => {
    await writeFile(join(ctx.root, 'server-1.2.3.jar'), 'old');
    await runOperations([{ type: 'download', files: [`${http.url}/files/server-1.2.3.jar`] }], ctx);
    expect(await readFile(join(ctx.root, 'server-1.2.3.jar'), 'utf8')).toBe('jar bytes');
  });

  it('follows redirects and names the file after the requested URL', async () => {
    await runOperations([{ type: 'download', files: [`${http.url}/redirect`] }], ctx);
    expect(await readFile(join(ctx.root, 'redirect'), 'utf8')).toBe('jar bytes');
    expect(requests).toEqual(['/redirect', '/files/server-1.2.3.jar']);
  });

  it('gives up on redirect loops', async () => {
    const error = await failure([{ type: 'download', files: [`${http.url}/loop`] }]);
    expect(error.message).toMatch(/^step 1 \(download\) failed: too many redirects \(more than 10\)/);
    expect(requests.length).toBe(11);
  });

  it('fails clearly on a non-2xx answer and leaves nothing behind', async () => {
    const error = await failure([{ type: 'download', files: [`${http.url}/missing.jar`] }]);
    expect(error.message).toBe(`step 1 (download) failed: ${http.url}/missing.jar answered HTTP 404 Not Found`);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('refuses schemes other than http and https, also after a redirect', async () => {
    expect((await failure([{ type: 'download', files: ['file:///etc/passwd'] }])).message).toMatch(/only http and https downloads are allowed/);
    expect((await failure([{ type: 'download', files: [`${http.url}/to-file`] }])).message).toMatch(/only http and https downloads are allowed/);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('refuses URLs without a file name, or whose name would leave the folder', async () => {
    expect((await failure([{ type: 'download', files: [`${http.url}/`] }])).message).toMatch(/has no file name/);
    expect((await failure([{ type: 'download', files: [`${http.url}/%2e%2e`] }])).message).toMatch(/has no file name/);
    expect((await failure([{ type: 'download', files: [`${http.url}/a%2F..%2F..%2Fx`] }])).message).toMatch(/has no file name/);
  });

  it('refuses to write through a symlink that points out of the folder', async () => {
    await writeFile(join(ctx.outside, 'server-1.2.3.jar'), 'theirs');
    await symlink(join(ctx.outside, 'server-1.2.3.jar'), join(ctx.root, 'server-1.2.3.jar'));
    const error = await failure([{ type: 'download', files: [`${http.url}/files/server-1.2.3.jar`] }]);
    expect(error.metadata?.cause).toBe('ErrPathOutsideServer');
    expect(await readFile(join(ctx.outside, 'server-1.2.3.jar'), 'utf8')).toBe('theirs');
  });

  it('streams a 50 MB file to disk as it arrives, never holding it whole', async () => {
    // The server sends half, then waits until that half is on disk before sending the rest:
    // a download that buffered the whole body before writing would never finish.
    halfOnDisk = () => partOnDisk(BIG / 2 - 1024 * 1024);
    await runOperations([{ type: 'download', files: [`${http.url}/big.bin`] }], ctx);
    expect((await stat(join(ctx.root, 'big.bin'))).size).toBe(BIG);
    const hash = createHash('sha1');
    for await (const chunk of createReadStream(join(ctx.root, 'big.bin'), { start: BIG - CHUNK.length })) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(createHash('sha1').update(CHUNK).digest('hex'));
    expect(await readdir(ctx.root)).toEqual(['big.bin']);
    // The console hears how far it got, every 10 %, then the size.
    const progress = ctx.lines.filter((line) => line.startsWith('Downloading big.bin: '));
    expect(progress.map((line) => /: (\d+) % \(.* of 50\.0 MiB\)$/.exec(line)?.[1])).toEqual(['10', '20', '30', '40', '50', '60', '70', '80', '90']);
    expect(ctx.lines).toContain('Downloaded big.bin (50.0 MiB)');
  });

  it('refuses a body shorter than its Content-Length, leaving no file', async () => {
    const error = await runOperations([{ type: 'download', files: [`${http.url}/cut.bin`] }], ctx).then(() => undefined, (e: unknown) => e);
    expect((error as OutpostError).message).toContain(`step 1 (download) failed: the download of ${http.url}/cut.bin was cut short after 5 of 100 bytes`);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('is cancelled by the signal mid-transfer, leaving no partial file', async () => {
    const run = failure([{ type: 'download', files: [`${http.url}/slow.bin`] }]);
    await partOnDisk('start'.length);
    ctx.controller.abort();
    const error = await run;
    expect(error.message).toBe('step 1 (download) failed: cancelled');
    expect(await readdir(ctx.root)).toEqual([]);
  });
});

describe('download to a private address', () => {
  it('is refused before connecting unless the node allows the range', async () => {
    ctx.outbound = new OutboundGuard({ allowed: () => '', allowedIn: 'allowPrivateTargets' });
    const error = await failure([{ type: 'download', files: [`${decoy.url}/latest/meta-data/iam`] }]);
    expect(error.metadata?.cause).toBe('ErrPrivateTarget');
    expect(error.message).toContain('127.0.0.2 is a private or local address');
    expect(error.message).toContain('allowPrivateTargets');
    // A context without a guard refuses too.
    delete ctx.outbound;
    expect((await failure([{ type: 'download', files: [`${decoy.url}/x.jar`] }])).metadata?.cause).toBe('ErrPrivateTarget');
    expect(decoyHits).toBe(0);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('refuses a redirect to a refused address, without reaching it', async () => {
    ctx.outbound = new OutboundGuard({ allowed: () => '127.0.0.1/32', allowedIn: 'allowPrivateTargets' });
    const error = await failure([{ type: 'download', files: [`${http.url}/to-metadata`] }]);
    expect(error.metadata?.cause).toBe('ErrPrivateTarget');
    expect(requests).toEqual(['/to-metadata']);
    expect(decoyHits).toBe(0);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('cuts an endless answer at the byte limit, leaving no file', async () => {
    const error = await downloadToFile(new URL(`${http.url}/endless.bin`), ctx.files, 'endless.bin', ctx, { maxBytes: 4 * 1024 * 1024 }).then(() => undefined, (e: unknown) => e);
    expect((error as Error).message).toBe(`the download of ${http.url}/endless.bin is larger than ${4 * 1024 * 1024} bytes`);
    expect(sent.endless).toBeLessThan(64 * 1024 * 1024);
    expect(await readdir(ctx.root)).toEqual([]);
  });
});
