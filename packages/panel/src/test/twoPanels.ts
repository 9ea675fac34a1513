import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { DbDialect } from '../config.js';
import { createTestDatabase } from './testDatabase.js';

/** Two panels sharing one fresh database, as instances behind a load balancer run (issue 34), listening on loopback. */
export interface TwoPanels {
  a: FastifyInstance;
  b: FastifyInstance;
  /** `path` on one panel's address. */
  url(app: FastifyInstance, path: string): string;
  close(): Promise<void>;
}

export async function startTwoPanels(dialect: DbDialect, options: { leadRetryMs?: number } = {}): Promise<TwoPanels> {
  const database = await createTestDatabase(dialect);
  const panel = () =>
    buildApp({
      config: { port: 0, host: '127.0.0.1', dataDir: mkdtempSync(join(tmpdir(), 'outpost-panels-')), db: database.config, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 },
      webDist: '/nonexistent-web-dist',
      leadRetryMs: options.leadRetryMs,
    });
  // One after the other: the second finds the schema migrated.
  const a = await panel();
  const b = await panel();
  await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
  return {
    a,
    b,
    url: (app, path) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
    },
  };
}
