import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ServerLimits } from '@outpost/shared';
import type { CgroupLayout, Controller } from './cgroupLayout.js';

const MIB = 1024 * 1024;
/** The CFS period: cpu 100 (one core) is a quota of one period per period. */
const CPU_PERIOD_US = 100_000;

/**
 * One server's cgroup (`outpost/<name>` in each hierarchy): its limits are written before each
 * start, its program joins it before its first instruction (confinedCommand), its OOM kills are
 * counted from it, and it is removed with the server.
 */
export class ServerCgroup {
  constructor(
    private readonly layout: CgroupLayout,
    readonly name: string,
  ) {}

  /** The folder of this cgroup for a controller, when the node has it. */
  private dir(controller: Controller): string | undefined {
    const base = this.layout.bases[controller];
    return base && join(base, this.name);
  }

  /** Whether the node enforces this controller for the server. */
  counts(controller: Controller): boolean {
    return this.dir(controller) !== undefined;
  }

  /** Each distinct folder (v2: one), which a process joins by writing its pid to cgroup.procs. */
  get dirs(): string[] {
    return [...new Set((['memory', 'cpu', 'pids'] as const).map((c) => this.dir(c)).filter((d): d is string => !!d))];
  }

  /** Makes the cgroup and writes the limits (0 or absent: unlimited), replacing earlier ones. */
  async apply(limits: ServerLimits): Promise<void> {
    for (const dir of this.dirs) await mkdir(dir, { recursive: true });
    const memory = this.dir('memory');
    const cpu = this.dir('cpu');
    const pids = this.dir('pids');
    const bytes = limits.memory ? limits.memory * MIB : 0;
    if (this.layout.version === 'v2') {
      if (memory) {
        await writeFile(join(memory, 'memory.max'), bytes ? String(bytes) : 'max');
        // No swap beyond the limit, where the kernel has swap accounting.
        await writeFile(join(memory, 'memory.swap.max'), bytes ? '0' : 'max').catch(ignoreMissing);
      }
      if (cpu) await writeFile(join(cpu, 'cpu.max'), `${limits.cpu ? cpuQuota(limits.cpu) : 'max'} ${CPU_PERIOD_US}`);
      if (pids) await writeFile(join(pids, 'pids.max'), limits.processes ? String(limits.processes) : 'max');
      return;
    }
    if (memory) {
      // memsw (memory + swap) may never be below the memory limit: lifted first, set to it last.
      const memsw = join(memory, 'memory.memsw.limit_in_bytes');
      const hasMemsw = await writeFile(memsw, '-1').then(() => true, () => false);
      await writeFile(join(memory, 'memory.limit_in_bytes'), bytes ? String(bytes) : '-1');
      if (hasMemsw && bytes) await writeFile(memsw, String(bytes));
    }
    if (cpu) {
      await writeFile(join(cpu, 'cpu.cfs_period_us'), String(CPU_PERIOD_US));
      await writeFile(join(cpu, 'cpu.cfs_quota_us'), limits.cpu ? String(cpuQuota(limits.cpu)) : '-1');
    }
    if (pids) await writeFile(join(pids, 'pids.max'), limits.processes ? String(limits.processes) : 'max');
  }

  /** How many times the kernel's OOM killer has killed in this cgroup (0 when unknown). */
  async oomKills(): Promise<number> {
    const memory = this.dir('memory');
    if (!memory) return 0;
    const file = this.layout.version === 'v2' ? 'memory.events' : 'memory.oom_control';
    const text = await readFile(join(memory, file), 'utf8').catch(() => '');
    const kills = /^oom_kill (\d+)$/m.exec(text);
    if (kills) return Number(kills[1]);
    // Kernels before 4.13 keep no oom_kill count in v1: the times the limit was hit stand in.
    if (this.layout.version === 'v1') return Number(await readFile(join(memory, 'memory.failcnt'), 'utf8').catch(() => '0'));
    return 0;
  }

  /** Removes the cgroup; what still runs in it is killed first (the server is being deleted). */
  async remove(): Promise<void> {
    for (const dir of this.dirs) {
      for (let round = 0; round < 20; round++) {
        const pids = (await readFile(join(dir, 'cgroup.procs'), 'utf8').catch(() => '')).split('\n').filter(Boolean);
        for (const pid of pids) {
          try {
            process.kill(Number(pid), 'SIGKILL');
          } catch {
            // already gone
          }
        }
        const removed = await rmdir(dir).then(
          () => true,
          (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
        );
        if (removed) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // v1's `outpost` is made with the first server's cgroup and goes with the last (v2 keeps its controllers on it).
      if (this.layout.version === 'v1') await rmdir(dirname(dir)).catch(() => undefined);
    }
  }
}

/** Microseconds per period for a percentage of one core; the kernel's smallest quota is 1 ms. */
function cpuQuota(percent: number): number {
  return Math.max(1000, Math.round((percent / 100) * CPU_PERIOD_US));
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
