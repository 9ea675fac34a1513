// What Outpost writes to a cgroup hierarchy, checked on folders laid out as the kernel's: v2 is
// what production hosts run, and these machines have no v2 controllers to try it on for real.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectCgroups } from './cgroupLayout.js';
import { ServerCgroup } from './ServerCgroup.js';

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A fake /proc/self (mountinfo and cgroup) naming the given mounts. */
async function fakeProc(mounts: { point: string; type: string; options: string }[], cgroup: string): Promise<string> {
  const proc = join(dir, 'proc');
  await mkdir(proc);
  const lines = mounts.map((m, i) => `${40 + i} 31 0:${40 + i} / ${m.point} rw,relatime - ${m.type} ${m.type} ${m.options}`);
  await writeFile(join(proc, 'mountinfo'), `31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n${lines.join('\n')}\n`);
  await writeFile(join(proc, 'cgroup'), cgroup);
  return proc;
}

const read = (file: string) => readFile(file, 'utf8');

describe('cgroup v2 (one hierarchy)', () => {
  it('hands memory, cpu and pids down to the servers, and writes a server\'s limits as memory.max, memory.swap.max, cpu.max and pids.max', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-cgroup2-'));
    const mount = join(dir, 'cgroup2');
    await mkdir(join(mount, 'system.slice', 'outpost.service'), { recursive: true });
    await writeFile(join(mount, 'system.slice', 'outpost.service', 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
    const proc = await fakeProc([{ point: mount, type: 'cgroup2', options: 'rw,nsdelegate' }], '0::/system.slice/outpost.service\n');
    const own = join(mount, 'system.slice', 'outpost.service');
    // A plain file answers what was written (the kernel would answer the names without '+').
    const layout = detectCgroups(proc);
    expect(layout).toEqual({ version: 'v2', bases: { memory: join(own, 'outpost'), cpu: join(own, 'outpost'), pids: join(own, 'outpost') } });
    expect(await read(join(own, 'cgroup.subtree_control'))).toBe('+memory +cpu +pids');
    expect(await read(join(own, 'outpost', 'cgroup.subtree_control'))).toBe('+memory +cpu +pids');

    const cgroup = new ServerCgroup(layout!, '0000aaaa-12345678');
    expect(cgroup.dirs).toEqual([join(own, 'outpost', '0000aaaa-12345678')]);
    const at = (name: string) => read(join(own, 'outpost', '0000aaaa-12345678', name));
    await cgroup.apply({ memory: 512, cpu: 150, processes: 64 });
    expect(await at('memory.max')).toBe(String(512 * 1024 * 1024));
    expect(await at('memory.swap.max')).toBe('0');
    expect(await at('cpu.max')).toBe('150000 100000');
    expect(await at('pids.max')).toBe('64');
    await cgroup.apply({});
    expect([await at('memory.max'), await at('memory.swap.max'), await at('cpu.max'), await at('pids.max')]).toEqual(['max', 'max', 'max 100000', 'max']);
    await writeFile(join(own, 'outpost', '0000aaaa-12345678', 'memory.events'), 'low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n');
    expect(await cgroup.oomKills()).toBe(1);
  });

  it('is left for v1 when it offers none of the controllers, as on these machines', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-cgroup1-'));
    const mounts = ['memory', 'cpu,cpuacct', 'pids'].map((options) => ({ point: join(dir, options), type: 'cgroup', options: `rw,${options}` }));
    await mkdir(join(dir, 'unified'));
    await writeFile(join(dir, 'unified', 'cgroup.controllers'), '\n');
    for (const m of mounts) await mkdir(m.point);
    const proc = await fakeProc([...mounts, { point: join(dir, 'unified'), type: 'cgroup2', options: 'rw' }], '12:pids:/\n4:memory:/sup/job1\n2:cpu,cpuacct:/\n0::/\n');
    const layout = detectCgroups(proc);
    expect(layout).toEqual({
      version: 'v1',
      bases: { memory: join(dir, 'memory', 'sup', 'job1', 'outpost'), cpu: join(dir, 'cpu,cpuacct', 'outpost'), pids: join(dir, 'pids', 'outpost') },
    });
    const cgroup = new ServerCgroup(layout!, '0000bbbb-12345678');
    await cgroup.apply({ memory: 256, cpu: 50, processes: 20 });
    const memory = join(layout!.bases.memory!, '0000bbbb-12345678');
    expect(await read(join(memory, 'memory.limit_in_bytes'))).toBe(String(256 * 1024 * 1024));
    // memory + swap: no swap beyond the limit.
    expect(await read(join(memory, 'memory.memsw.limit_in_bytes'))).toBe(String(256 * 1024 * 1024));
    expect(await read(join(layout!.bases.cpu!, '0000bbbb-12345678', 'cpu.cfs_quota_us'))).toBe('50000');
    expect(await read(join(layout!.bases.pids!, '0000bbbb-12345678', 'pids.max'))).toBe('20');
  });

  it('finds nothing to enforce with where no hierarchy is mounted', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-cgroup0-'));
    expect(detectCgroups(await fakeProc([], '0::/\n'))).toBeNull();
  });
});
