// Test helpers for servers: a daemon in a temp folder and a definition running the fake server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { ServerDefinition } from '@outpost/shared';
import { Daemon } from '../Daemon.js';
import type { DaemonConfig } from '../Daemon.js';

export const fakeServerScript = fileURLToPath(new URL('./testdata/fakeServer.mjs', import.meta.url));

/** A definition that runs the fake server with the current node. */
export function fakeDefinition(run: Partial<ServerDefinition['run']> = {}, extra: Partial<ServerDefinition> = {}): ServerDefinition {
  return {
    run: { command: [process.execPath, fakeServerScript], stop: 'stop', ...run },
    data: { motd: { type: 'string', value: 'hello', userEdit: true }, port: { type: 'integer', value: 25565, userEdit: false } },
    ...extra,
  };
}

export async function openTestDaemon(config: Partial<DaemonConfig> = {}): Promise<{ daemon: Daemon; dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-daemon-'));
  const daemon = await Daemon.open({
    nodeId: 'node-1',
    secret: 'test-secret',
    serversDir: dir,
    // Inside the temp folder: the default, beside serversDir, would be the system's temp folder.
    backups: { folder: join(dir, 'backups') },
    stopGraceMs: 3000,
    restartDelayMs: 50,
    recovery: { initialDelayMs: 50, maxDelayMs: 400, maxCrashes: 5, windowMs: 60_000 },
    ...config,
    ...(config.backups && { backups: { folder: join(dir, 'backups'), ...config.backups } }),
  });
  return {
    daemon,
    dir,
    async cleanup() {
      await daemon.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test daemon answering its HTTP+WS routes on a free loopback port, as a remote node would;
 * `setup` may add hooks before the routes.
 */
export async function serveTestDaemon(setup?: (app: FastifyInstance) => void): Promise<{ daemon: Daemon; app: FastifyInstance; url: string; close(): Promise<void> }> {
  const open = await openTestDaemon();
  const app = Fastify({ forceCloseConnections: true });
  setup?.(app);
  await app.register(open.daemon.routes);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    daemon: open.daemon,
    app,
    url,
    async close() {
      await app.close();
      await open.cleanup();
    },
  };
}

/**
 * Polls until `check` is true, as a user watching the page would, and fails naming `what` after
 * the timeout. A thin layer over vi.waitFor, so the daemon's tests poll one way.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
