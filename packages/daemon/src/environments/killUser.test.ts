import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { killUser } from './processTree.js';

const asRoot = process.getuid?.() === 0;
const Uid = 61_997;

/** Process ids of live (not zombie) processes whose real uid is `uid`. */
function processesOf(uid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'latin1');
      if (/^State:\s+Z/m.test(status)) continue;
      if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) === uid) found.push(Number(name));
    } catch {
      // gone
    }
  }
  return found;
}

describe.runIf(asRoot)('ending every process of a server user', () => {
  it('ends a program that keeps starting a copy of itself and exiting, so no scan of /proc ever holds it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpost-mover-'));
    try {
      await chmod(dir, 0o755);
      const mover = join(dir, 'mover.sh');
      const beats = join(dir, 'beats');
      await writeFile(beats, '', { mode: 0o666 });
      await chmod(beats, 0o666);
      // Each copy leaves a beat, starts the next and exits at once: its process id changes all the time.
      await writeFile(mover, `#!/bin/sh\necho >> '${beats}'\n"$0" &\nexit 0\n`, { mode: 0o755 });
      spawn(mover, [], { uid: Uid, gid: Uid, stdio: 'ignore', detached: true }).unref();
      const beatCount = async () => (await readFile(beats, 'utf8')).length;
      await vi.waitFor(async () => expect(await beatCount()).toBeGreaterThan(10), { timeout: 10_000 });
      await killUser(Uid);
      // Nothing of it goes on: no new beat over a while, and no process of the user.
      const after = await beatCount();
      for (let look = 0; look < 5; look++) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        expect(processesOf(Uid)).toEqual([]);
      }
      expect(await beatCount()).toBe(after);
    } finally {
      await killUser(Uid);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
