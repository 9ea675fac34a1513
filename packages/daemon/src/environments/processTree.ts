import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/**
 * An environment entry (`OUTPOST_RUN=<random>`) given to each program started, so killTree
 * can still find descendants that left both its tree and its group.
 */
export function newRunMarker(): [name: string, value: string] {
  return ['OUTPOST_RUN', randomBytes(12).toString('hex')];
}

const SERVER_MARKER = 'OUTPOST_SERVER';

/**
 * An environment entry (`OUTPOST_SERVER=<server folder>`) given to every program of a server, so
 * a daemon started after one that died without stopping it can find what it left running (when
 * servers have no user of their own). The folder, not the id: two nodes on one machine may share ids.
 */
export function serverMarker(serverRoot: string): Record<string, string> {
  return { [SERVER_MARKER]: serverRoot };
}

/**
 * Live processes of a server not started by this process: those carrying its marker, and every
 * process of `uid`, the server's own user, when it has one. Our own descendants (the file
 * worker, which runs as that user) are not left over.
 */
export function leftoverProcesses(serverRoot: string, uid?: number): number[] {
  const ours = new Set(treeOf(allEntries(), process.pid, -1).map((entry) => entry.pid));
  const found = new Set(markedProcesses(`${SERVER_MARKER}=${serverRoot}`).map((entry) => entry.pid));
  if (uid !== undefined) for (const pid of userProcesses(uid)) found.add(pid);
  return [...found].filter((pid) => !ours.has(pid) && !isZombie(pid));
}

export function signalProcesses(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** SIGKILLs what `find` answers until it answers nothing (bounded), as killTree does for a tree. */
export async function killProcesses(find: () => number[]): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const alive = find();
    if (alive.length === 0) return;
    signalProcesses(alive, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One line of /proc/<pid>/stat, the fields we use. */
interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** utime + stime, clock ticks. */
  ticks: number;
  /** Resident pages. */
  rssPages: number;
}

// Linux fixes USER_HZ at 100 for /proc, and every architecture Node runs on here uses 4 KiB pages.
export const CLOCK_TICKS_PER_SECOND = 100;
export const PAGE_SIZE = 4096;

function readEntry(pid: number): ProcEntry | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined; // gone between readdir and read
  }
  return parseEntry(pid, text);
}

function parseEntry(pid: number, text: string): ProcEntry {
  // The command name (field 2) may hold spaces and parentheses: parse after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); field N is fields[N - 3].
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    ticks: Number(fields[11]) + Number(fields[12]),
    rssPages: Number(fields[21]),
  };
}

function allEntries(): ProcEntry[] {
  const out: ProcEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const entry = readEntry(Number(name));
    if (entry) out.push(entry);
  }
  return out;
}

const isPid = (name: string) => name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57;
// Reads in flight at once: enough to finish quickly, few enough to leave the thread pool to file transfers.
const SCAN_CONCURRENCY = 16;

/** allEntries without blocking the event loop: a busy node has thousands of processes to read. */
async function allEntriesAsync(): Promise<ProcEntry[]> {
  const pids = (await readdir('/proc')).filter(isPid).map(Number);
  const out: ProcEntry[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pids.length) {
      const pid = pids[next++];
      try {
        out.push(parseEntry(pid, await readFile(`/proc/${pid}/stat`, 'latin1')));
      } catch {
        // gone between readdir and read
      }
    }
  };
  await Promise.all(Array.from({ length: SCAN_CONCURRENCY }, worker));
  return out;
}

// Processes read between two turns of the event loop in a sweep.
const SWEEP_SLICE = 32;

/**
 * What `read` answers for every process in /proc (undefined skips one), read synchronously (the
 * cheapest way) in slices with a turn of the event loop between them, so a sweep never holds
 * the loop for long: the one after a program exits runs while its last output is still on its
 * way to the console.
 */
async function sweepProcesses<T>(read: (pid: number) => T | undefined): Promise<T[]> {
  const out: T[] = [];
  let slice = 0;
  for (const name of readdirSync('/proc')) {
    if (!isPid(name)) continue;
    if (++slice % SWEEP_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    const found = read(Number(name));
    if (found !== undefined) out.push(found);
  }
  return out;
}

/**
 * The processes that belong to a server: the root, everything descended from it by parent
 * link, and everything still in its process group (children whose parent died are reparented
 * to init, but keep the group unless they called setsid).
 */
function treeOf(entries: ProcEntry[], rootPid: number, pgid: number): ProcEntry[] {
  const children = new Map<number, ProcEntry[]>();
  for (const entry of entries) {
    const list = children.get(entry.ppid);
    if (list) list.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const found = new Map<number, ProcEntry>();
  const visit = (entry: ProcEntry): void => {
    if (found.has(entry.pid)) return;
    found.set(entry.pid, entry);
    for (const child of children.get(entry.pid) ?? []) visit(child);
  };
  for (const entry of entries) if (entry.pid === rootPid || entry.pgid === pgid) visit(entry);
  return [...found.values()];
}

/**
 * SIGKILLs the group and every process of the tree, plus every process whose environment carries
 * `marker` (a `NAME=value` entry given to the program at start): a descendant that called setsid
 * and lost its parent keeps it. Repeats until nothing of it is left (bounded).
 */
export async function killTree(rootPid: number, pgid: number = rootPid, marker?: string): Promise<void> {
  const members = async () => {
    const found: { pid: number }[] = treeOf(await sweepProcesses(readEntry), rootPid, pgid);
    if (marker) found.push(...(await sweepProcesses((pid) => (carriesMarker(pid, marker) ? { pid } : undefined))));
    return found;
  };
  for (let round = 0; round < 20; round++) {
    const before = await members();
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // group already empty
    }
    for (const member of before) {
      try {
        process.kill(member.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // Zombies (exited, not yet reaped by their parent) still show in /proc; only live ones count.
    const alive = (await members()).filter((member) => !isZombie(member.pid));
    if (alive.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Processes whose environment holds the entry `marker` (those of other users only when we are root). */
function markedProcesses(marker: string): { pid: number }[] {
  const found: { pid: number }[] = [];
  for (const name of readdirSync('/proc')) {
    if (isPid(name) && carriesMarker(Number(name), marker)) found.push({ pid: Number(name) });
  }
  return found;
}

function carriesMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker);
  } catch {
    return false; // gone, or not ours to read
  }
}

/**
 * SIGKILLs every process running as `uid` (real, effective or saved) until none is left
 * (bounded). For a server's own user, whose processes are all the server's, whatever they did to
 * leave its process tree. Refuses root and the daemon's own user.
 */
export async function killUser(uid: number): Promise<void> {
  if (uid === 0 || uid === process.getuid?.()) throw new Error(`refusing to kill every process of uid ${uid}`);
  for (let round = 0; round < 20; round++) {
    // From inside the uid, kill(-1) reaches every process of it in one sweep of the kernel's
    // process list, which a loop of forks cannot outrun as it outruns (or hides from) a scan of
    // /proc: so it runs first, whatever a scan would say.
    await killAllAs(uid);
    const members = userProcesses(uid).filter((pid) => !isZombie(pid));
    if (members.length === 0) return;
    for (const pid of members) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Runs kill(-1, SIGKILL) as `uid` (and the gid of the same number, as servers have). */
function killAllAs(uid: number): Promise<void> {
  return new Promise((resolve) => {
    const killer = spawn('kill', ['-KILL', '--', '-1'], { uid, gid: uid, stdio: 'ignore' });
    killer.once('error', () => resolve());
    killer.once('exit', () => resolve());
  });
}

function userProcesses(uid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    let status: string;
    try {
      status = readFileSync(`/proc/${name}/status`, 'latin1');
    } catch {
      continue;
    }
    const ids = /^Uid:\s+(\d+)\s+(\d+)\s+(\d+)/m.exec(status);
    if (ids && ids.slice(1, 4).some((id) => Number(id) === uid)) found.push(Number(name));
  }
  return found;
}

export function isZombie(pid: number): boolean {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return text[text.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return true;
  }
}

/** Signals the whole group, falling back to the root alone if the group is gone. */
export function signalTree(rootPid: number, signal: NodeJS.Signals, pgid: number = rootPid): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    try {
      process.kill(rootPid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Samples CPU and memory of a process tree. CPU is percent of one core between two samples
 * (the first sample answers 0), memory the sum of RSS in bytes. /proc is read asynchronously:
 * the scan never holds the event loop, however many processes the node runs.
 */
export class TreeStatsSampler {
  private lastTicks = 0;
  private lastAt = 0;

  constructor(
    private readonly rootPid: number,
    private readonly pgid: number = rootPid,
  ) {}

  async sample(): Promise<{ cpu: number; memory: number }> {
    const members = treeOf(await allEntriesAsync(), this.rootPid, this.pgid);
    let ticks = 0;
    let pages = 0;
    for (const member of members) {
      ticks += member.ticks;
      pages += member.rssPages;
    }
    const now = performance.now();
    let cpu = 0;
    if (this.lastAt > 0 && now > this.lastAt) {
      const seconds = (now - this.lastAt) / 1000;
      cpu = Math.max(0, (ticks - this.lastTicks) / CLOCK_TICKS_PER_SECOND / seconds) * 100;
    }
    this.lastTicks = ticks;
    this.lastAt = now;
    return { cpu: Math.round(cpu * 100) / 100, memory: pages * PAGE_SIZE };
  }
}
