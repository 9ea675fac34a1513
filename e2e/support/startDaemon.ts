import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

export interface RunningDaemon {
  /** The folder holding its daemon.json and data. */
  dir: string;
  configPath: string;
  output: () => string;
  /** Starts the process (again), resolving once it listens. */
  start: () => Promise<void>;
  /** SIGTERM, as an operator stopping it would; resolves once it has exited. */
  stop: () => Promise<void>;
  /** Stops it and removes its folder. */
  remove: () => Promise<void>;
}

/**
 * Runs the real `outpost daemon` with the given daemon.json (a node's deployment, as its page
 * shows it) in a folder of its own, listening on loopback only.
 */
export async function startDaemon(deployment: object): Promise<RunningDaemon> {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-e2e-node-'));
  // Under root each server runs as a user of its own, which must pass through to its folder.
  chmodSync(dir, 0o711);
  const configPath = join(dir, 'daemon.json');
  writeFileSync(configPath, JSON.stringify({ ...deployment, listenHost: '127.0.0.1' }), { mode: 0o600 });
  const bin = process.env.OUTPOST_E2E_BIN || join(root, 'packages/cli/bin/outpost.js');
  let child: ChildProcess | undefined;
  let output = '';

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(process.execPath, [bin, 'daemon', '--config', configPath], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      let mine = '';
      const timer = setTimeout(() => reject(new Error(`outpost daemon did not start within 30 s:\n${output}`)), 30_000);
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        mine += chunk.toString();
        if (/is listening on port \d+/.test(mine)) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`outpost daemon exited with code ${code} before listening:\n${output}`));
      });
    });

  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    dir,
    configPath,
    output: () => output,
    start: async () => {
      output += '\n--- started again ---\n';
      await start();
    },
    stop,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
