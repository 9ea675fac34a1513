import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort';

const root = new URL('../../', import.meta.url).pathname;

/** The administrator every test app starts with. */
export const admin = { email: 'admin@outpost.test', password: 'admin-password-1', username: 'admin' };

export interface RunningApp {
  url: string;
  dataDir: string;
  /** Everything the process printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real `outpost run` on free ports with a fresh data folder and the test admin,
 * and resolves once it prints "Outpost is listening on http://localhost:<port>".
 * Nothing is built here: `npm test` and `npm run test:e2e` build first.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-e2e-'));
  const port = await freePort();
  const sftpPort = await freePort();
  // OUTPOST_E2E_BIN runs another entry point instead (e.g. a source build while debugging).
  const bin = process.env.OUTPOST_E2E_BIN || join(root, 'packages/cli/bin/outpost.js');
  const child: ChildProcess = spawn(process.execPath, [bin, 'run'], {
    cwd: dataDir,
    env: {
      ...process.env,
      OUTPOST_DATA_DIR: dataDir,
      OUTPOST_PORT: String(port),
      OUTPOST_SFTP_PORT: String(sftpPort),
      OUTPOST_ADMIN_EMAIL: admin.email,
      OUTPOST_ADMIN_PASSWORD: admin.password,
      OUTPOST_ADMIN_USERNAME: admin.username,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`outpost did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Outpost is listening on ${url}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`outpost exited with code ${code} before listening:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
