import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OutpostError } from '@outpost/shared';
import { shippedAssets } from '../../shippedAssets.js';
import { daemonDownloadSchema } from './schema.js';

/** The file name the node page's commands fetch and unpack. */
export const DAEMON_DOWNLOAD = 'outpost-daemon.tgz';

/**
 * GET /daemon/outpost-daemon.tgz (issue 35): the daemon a second machine runs, built with the
 * panel so both speak the same version. Public: it is the same for every node and holds no
 * secret; the node's daemon.json, shown on its page to those who may read it, does.
 */
export default async function daemonDownloadRoutes(app: FastifyInstance, options: { folder?: string } = {}): Promise<void> {
  const file = join(options.folder ?? shippedAssets.daemonDownload, DAEMON_DOWNLOAD);
  app.get(`/daemon/${DAEMON_DOWNLOAD}`, { schema: daemonDownloadSchema, config: { scope: 'public' } }, async (_request, reply) => {
    const size = await stat(file).then(
      (found) => found.size,
      () => undefined,
    );
    if (size === undefined) throw new OutpostError('ErrNotFound', 'this panel was started without its daemon download: run npm run build', { file: DAEMON_DOWNLOAD }, 404);
    return reply
      .type('application/gzip')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${DAEMON_DOWNLOAD}"`)
      .header('cache-control', 'no-cache')
      .send(createReadStream(file));
  });
}
