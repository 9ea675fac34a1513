import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServerScript, isAlive, waitFor } from '../servers/testServer.js';
import type { Environment, ExecutionSpec } from './environment.js';
import { isZombie } from './processTree.js';
import { StandardEnvironment } from './StandardEnvironment.js';
import { TtyEnvironment } from './TtyEnvironment.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-env-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const spec = (args: string[] = [], env: Record<string, string> = {}): ExecutionSpec => ({
  command: process.execPath,
  args: [fakeServerScript, ...args],
  cwd: dir,
  serverRoot: dir,
  env: { PATH: process.env.PATH ?? '', ...env },
});

describe.each([
  ['standard', () => new StandardEnvironment()],
  ['tty', () => new TtyEnvironment()],
] as Array<[string, () => Environment]>)('%s environment', (_name, make) => {
  it('runs the program, feeds it commands and reports its exit code', async () => {
    let out = '';
    const proc = await make().start(spec(['arg one']), (text) => (out += text));
    await waitFor(() => out.includes('ready'));
    expect(out).toContain('arg one');
    proc.write('echo héllo wörld');
    await waitFor(() => out.includes('echo: héllo wörld'));
    proc.write('crash');
    expect(await proc.exited).toEqual({ code: 3, signal: null });
  });

  it('leaves nothing running after a crash, not even a child that left the group with setsid', async () => {
    let out = '';
    const proc = await make().start(spec(), (text) => (out += text));
    await waitFor(() => out.includes('ready'));
    proc.write('spawn setsid');
    await waitFor(() => out.includes('grandchild'));
    const grandchild = Number(/grandchild (\d+)/.exec(out)![1]);
    expect(isAlive(grandchild)).toBe(true);
    proc.write('crash');
    expect(await proc.exited).toEqual({ code: 3, signal: null });
    await waitFor(() => !isAlive(grandchild) || isZombie(grandchild), 3000, 'the escaped grandchild to die');
  });

  it('measures the whole tree: memory as summed RSS, CPU as percent of a core', async () => {
    let out = '';
    const proc = await make().start(spec(), (text) => (out += text));
    await waitFor(() => out.includes('ready'));
    const first = await proc.stats();
    expect(first.memory).toBeGreaterThan(10_000_000);
    proc.write('spawn');
    await waitFor(() => out.includes('grandchild'));
    // The grandchild counts too; samples are polled, as a loaded machine may take a while to show it.
    await vi.waitFor(async () => expect((await proc.stats()).memory).toBeGreaterThan(first.memory + 5_000_000), { timeout: 5000, interval: 100 });
    proc.write('busy 10000');
    // One core, fully busy: some sample shows most of it (and none more than a core and a bit).
    await vi.waitFor(
      async () => {
        const busy = await proc.stats();
        expect(busy.cpu).toBeLessThan(130);
        expect(busy.cpu).toBeGreaterThan(40);
      },
      { timeout: 9000, interval: 250 },
    );
    proc.signal('SIGKILL');
    const info = await proc.exited;
    expect(info.signal).toBe('SIGKILL');
    const grandchild = Number(/grandchild (\d+)/.exec(out)![1]);
    await waitFor(() => !isAlive(grandchild) || isZombie(grandchild), 3000, 'grandchild killed');
  });
});
