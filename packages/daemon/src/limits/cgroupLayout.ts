import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The controllers Outpost limits a server with. */
export type Controller = 'memory' | 'cpu' | 'pids';
const CONTROLLERS: Controller[] = ['memory', 'cpu', 'pids'];

/**
 * Where this node makes its servers' cgroups: one folder per controller (v1), or one folder for
 * all (v2), each called `outpost` and nested in the daemon's own cgroup, so a daemon started
 * by systemd (or inside a container) keeps its servers within its own bounds.
 */
export interface CgroupLayout {
  version: 'v1' | 'v2';
  /** The folder servers' cgroups go in, by controller; a controller absent is not enforced. */
  bases: Partial<Record<Controller, string>>;
}

interface Mount {
  point: string;
  type: string;
  options: string[];
}

/** The cgroup mounts of /proc/self/mountinfo: `... <mount point> ... - <fs type> <source> <super options>`. */
function cgroupMounts(mountinfo: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    if (!right) continue;
    const [type, , superOptions = ''] = right.split(' ');
    if (type !== 'cgroup' && type !== 'cgroup2') continue;
    mounts.push({ point: unescapeMount(left.split(' ')[4]), type, options: superOptions.split(',') });
  }
  return mounts;
}

/** mountinfo writes spaces, tabs, newlines and backslashes as octal escapes. */
function unescapeMount(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** This process's cgroup path, by v1 controller name and '' for v2 (/proc/self/cgroup). */
function ownCgroups(text: string): Map<string, string> {
  const own = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    if (match[1] === '') own.set('', match[2]);
    else for (const name of match[1].split(',')) own.set(name, match[2]);
  }
  return own;
}

/** mkdir -p, then whether root may write in it. */
function makeWritable(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a folder could be made here, without leaving it behind: an empty v1 `outpost` would
 * keep the cgroup around it (someone else's, as a supervisor's) from being removed. ServerCgroup
 * makes it when a server starts, and removes it with the last server's.
 */
function canMake(dir: string): boolean {
  if (existsSync(dir)) return true;
  if (!makeWritable(dir)) return false;
  try {
    rmdirSync(dir);
  } catch {
    // in use already
  }
  return true;
}

function detectV1(mounts: Mount[], own: Map<string, string>): CgroupLayout['bases'] {
  const bases: CgroupLayout['bases'] = {};
  for (const controller of CONTROLLERS) {
    const mount = mounts.find((m) => m.type === 'cgroup' && m.options.includes(controller));
    if (!mount) continue;
    const base = join(mount.point, own.get(controller) ?? '/', 'outpost');
    if (canMake(base)) bases[controller] = base;
  }
  return bases;
}

/**
 * v2 hands a controller to children only when every ancestor lists it in cgroup.subtree_control,
 * and a cgroup holding processes may not (but the root): when the daemon's own cgroup refuses
 * (EBUSY), its processes move to a leaf `daemon` beside `outpost`, as delegated managers do.
 */
function detectV2(mounts: Mount[], own: Map<string, string>): CgroupLayout['bases'] {
  const mount = mounts.find((m) => m.type === 'cgroup2');
  const ownPath = own.get('');
  if (!mount || ownPath === undefined) return {};
  const ownDir = join(mount.point, ownPath);
  let offered: string[];
  try {
    offered = readFileSync(join(ownDir, 'cgroup.controllers'), 'utf8').trim().split(/\s+/);
  } catch {
    return {};
  }
  const wanted = CONTROLLERS.filter((c) => offered.includes(c));
  if (wanted.length === 0) return {};
  const enable = wanted.map((c) => `+${c}`).join(' ');
  const base = join(ownDir, 'outpost');
  try {
    try {
      writeFileSync(join(ownDir, 'cgroup.subtree_control'), enable);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EBUSY') throw error;
      const leaf = join(ownDir, 'daemon');
      mkdirSync(leaf, { recursive: true });
      for (const pid of readFileSync(join(ownDir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
        writeFileSync(join(leaf, 'cgroup.procs'), pid);
      }
      writeFileSync(join(ownDir, 'cgroup.subtree_control'), enable);
    }
    if (!makeWritable(base)) return {};
    writeFileSync(join(base, 'cgroup.subtree_control'), enable);
  } catch {
    return {};
  }
  // The kernel answers the names alone; a '+' is stripped all the same.
  const enabled = readFileSync(join(base, 'cgroup.subtree_control'), 'utf8').trim().split(/\s+/).map((name) => name.replace(/^\+/, ''));
  return Object.fromEntries(wanted.filter((c) => enabled.includes(c)).map((c) => [c, base]));
}

/**
 * What the node can limit through cgroups: v2 when it offers at least as many of memory, cpu
 * and pids as v1 (production hosts: v2 only), else the v1 controllers (hybrid hosts, as the test
 * machines); null when no hierarchy is writable (not root, a locked-down container).
 */
export function detectCgroups(procDir = '/proc/self'): CgroupLayout | null {
  let mounts: Mount[];
  let own: Map<string, string>;
  try {
    mounts = cgroupMounts(readFileSync(join(procDir, 'mountinfo'), 'utf8'));
    own = ownCgroups(readFileSync(join(procDir, 'cgroup'), 'utf8'));
  } catch {
    return null;
  }
  const v2 = detectV2(mounts, own);
  const v1 = Object.keys(v2).length === CONTROLLERS.length ? {} : detectV1(mounts, own);
  const count = (bases: CgroupLayout['bases']) => Object.keys(bases).length;
  if (count(v2) > 0 && count(v2) >= count(v1)) return { version: 'v2', bases: v2 };
  if (count(v1) > 0) return { version: 'v1', bases: v1 };
  return null;
}

let detected: CgroupLayout | null | undefined;

/** detectCgroups, once per process: daemons in one process share the machine's hierarchies. */
export function nodeCgroups(): CgroupLayout | null {
  if (detected === undefined) detected = existsSync('/proc/self/cgroup') ? detectCgroups() : null;
  return detected;
}
