import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrors } from '../../plugins/errors.js';
import daemonDownloadRoutes from './daemonDownload.js';

/** The route alone over a folder of the test's own, as the panel serves its build's. */
async function serving(folder: string) {
  const app = Fastify();
  registerErrors(app);
  await app.register(daemonDownloadRoutes, { folder });
  return app;
}

describe('GET /daemon/outpost-daemon.tgz', () => {
  const folder = mkdtempSync(join(tmpdir(), 'outpost-download-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('sends the built file to anyone, as a download', async () => {
    const bytes = gzipSync(Buffer.from('a daemon'));
    writeFileSync(join(folder, 'outpost-daemon.tgz'), bytes);
    const app = await serving(folder);
    const res = await app.inject({ method: 'GET', url: '/daemon/outpost-daemon.tgz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="outpost-daemon.tgz"');
    expect(res.rawPayload).toEqual(bytes);
    await app.close();
  });

  it('answers 404 with what to do when the panel was started without building it', async () => {
    const app = await serving(join(folder, 'missing'));
    const res = await app.inject({ method: 'GET', url: '/daemon/outpost-daemon.tgz' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { msg: expect.stringContaining('npm run build') } });
    await app.close();
  });
});
