// Helpers for the operations tests (real temp folders, real processes, real HTTP servers).
import { spawn } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutpostError, type Step } from '@outpost/shared';
import { expect } from 'vitest';
import { ServerFiles } from '../files/ServerFiles.js';
import { OutboundGuard } from '../system/outboundGuard.js';
import type { OperationContext } from './OperationContext.js';
import { runOperations } from './runOperations.js';

export interface TestContext extends OperationContext {
  lines: string[];
  controller: AbortController;
  /** A folder beside the server folder, i.e. outside it. */
  outside: string;
  cleanup(): Promise<void>;
}

/** A server folder in a fresh temp dir, with exec spawning programs directly, as a server's environment does. */
export async function makeContext(variables: Record<string, unknown> = {}): Promise<TestContext> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'outpost-ops-')));
  const root = join(base, 'server');
  const outside = join(base, 'outside');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(root);
  await mkdir(outside);
  const controller = new AbortController();
  const lines: string[] = [];
  return {
    serverId: 'ab12cd34',
    root,
    files: new ServerFiles(root),
    outside,
    variables: { serverId: 'ab12cd34', rootDir: root, ...variables },
    lines,
    controller,
    signal: controller.signal,
    // The tests' HTTP servers are on loopback, which a node refuses unless allowed.
    outbound: new OutboundGuard({ allowed: () => '127.0.0.0/8,::1/128', allowedIn: 'the test' }),
    log: (line) => lines.push(line),
    exec: (argv, opts) =>
      new Promise((resolve, reject) => {
        const child = spawn(argv[0], argv.slice(1), {
          cwd: opts.cwd,
          env: { ...process.env, ...opts.env },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true, // its own process group, so a kill reaches the shell's children too
        });
        child.stdout.on('data', (chunk: Buffer) => lines.push(chunk.toString().trimEnd()));
        child.stderr.on('data', (chunk: Buffer) => lines.push(chunk.toString().trimEnd()));
        const onAbort = () => process.kill(-child.pid!, 'SIGKILL');
        controller.signal.addEventListener('abort', onAbort, { once: true });
        child.on('error', (error) => {
          controller.signal.removeEventListener('abort', onAbort);
          reject(error);
        });
        child.on('close', (code) => {
          controller.signal.removeEventListener('abort', onAbort);
          resolve(code ?? 1);
        });
      }),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

export interface TestHttpServer {
  url: string;
  close(): Promise<void>;
}

/** A real HTTP server on port 0 of a loopback address. */
export async function serveHttp(handler: (req: IncomingMessage, res: ServerResponse) => void, host = '127.0.0.1'): Promise<TestHttpServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs steps that must fail, and answers the OutpostError they fail with. */
export async function failureOf(steps: Step[], ctx: OperationContext): Promise<OutpostError> {
  const error = await runOperations(steps, ctx).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(OutpostError);
  return error as OutpostError;
}
