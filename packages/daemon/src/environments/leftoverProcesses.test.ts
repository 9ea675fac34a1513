import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isZombie, killProcesses, leftoverProcesses, serverMarker } from './processTree.js';

/** Running: a process init has not reaped yet is gone all the same. */
const isAlive = (pid: number) => !isZombie(pid);

/** Starts `sleep` through a shell that exits at once, so the sleep is nobody's child here: what a dead daemon leaves. */
function orphanWith(env: Record<string, string>): number {
  const out = execFileSync('sh', ['-c', 'sleep 300 </dev/null >/dev/null 2>&1 & echo $!'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, encoding: 'utf8' });
  return Number(out.trim());
}

// A daemon that is not root runs its servers as itself: their marker is all that tells them apart.
describe.runIf(process.platform === 'linux')("finding a server's leftovers by its marker", () => {
  it("answers the processes carrying the server's folder, not another server's nor its own children", async () => {
    const root = `/srv/outpost-test-${process.pid}/servers/0000e001`;
    const leftover = orphanWith(serverMarker(root));
    const otherServer = orphanWith(serverMarker(`${root}0`));
    const ownChild = spawn('sleep', ['300'], { env: { ...process.env, ...serverMarker(root) }, stdio: 'ignore' });
    try {
      expect(leftoverProcesses(root)).toEqual([leftover]);
      await killProcesses(() => leftoverProcesses(root));
      expect(isAlive(leftover)).toBe(false);
      expect(isAlive(otherServer)).toBe(true);
      expect(isAlive(ownChild.pid!)).toBe(true);
    } finally {
      for (const pid of [leftover, otherServer, ownChild.pid!]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  });
});
