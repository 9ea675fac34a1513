import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { OutpostError } from '@outpost/shared/errors';
import type { JailOp, JailOps, JailRunner } from './JailRunner.js';
import type { OpenedFile } from './ServerJail.js';

/** A request to the child and its answer (jailWorker.ts speaks the other side). */
export interface JailRequest {
  id: number;
  op: JailOp;
  args: unknown[];
}
export interface JailReply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string; outpost?: { code: string; metadata?: Record<string, unknown>; status: number } };
}

interface Pending {
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

const here = fileURLToPath(import.meta.url);
/** The worker beside this file; from the TypeScript sources (tests, `npm run dev`) it runs through tsx. */
const workerFile = here.replace(/JailProcess\.(ts|js)$/, 'jailWorker.$1');
const fromSources = here.endsWith('.ts');

/**
 * A small node process with one server's uid and gid that runs that server's file operations
 * (ServerJail, archives) for the daemon, over IPC. Started on first use, ended after `idleMs`
 * without work, started again if it dies (its requests then fail, the next ones get a new child).
 * It gets an empty environment but PATH: it runs as the server's user, who can read a process's
 * environment.
 */
export class JailProcess implements JailRunner {
  private child?: { process: ChildProcess; pending: Map<number, Pending> };
  private nextId = 1;
  private idleTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    readonly root: string,
    readonly owner: { uid: number; gid: number },
    private readonly idleMs = 30_000,
  ) {}

  runsAs(uid: number, gid: number): boolean {
    return this.owner.uid === uid && this.owner.gid === gid;
  }

  /** The child's process id, while one runs. */
  get pid(): number | undefined {
    return this.child?.process.pid;
  }

  run<K extends JailOp>(op: K, ...args: Parameters<JailOps[K]>): Promise<Awaited<ReturnType<JailOps[K]>>> {
    if (this.closed) return Promise.reject(new OutpostError('ErrNotFound', 'this server is gone'));
    const child = (this.child ??= this.spawn());
    clearTimeout(this.idleTimer);
    child.process.ref();
    (child.process.channel as { ref?: () => void } | undefined)?.ref?.();
    const id = this.nextId++;
    return new Promise<Awaited<ReturnType<JailOps[K]>>>((resolve, reject) => {
      child.pending.set(id, { resolve, reject });
      child.process.send({ id, op, args } satisfies JailRequest, (error) => {
        if (!error) return;
        child.pending.delete(id);
        reject(error);
      });
    })
      .then((result) => {
        // Files it opened are held in the child: the daemon opens its own copy through /proc/<pid>/fd.
        if (op === 'open' || op === 'createTemp' || op === 'openStaged') (result as OpenedFile).proc = `/proc/${child.process.pid}`;
        return result;
      })
      .finally(() => this.whenIdle(child));
  }

  /**
   * Resolves once no request waits on the child, or after `timeoutMs`: a sweep of the server
   * user's processes (which ends this child too) then cuts no file operation off half-way.
   */
  async settled(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.child && this.child.pending.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.idleTimer);
    this.child?.process.kill('SIGKILL');
    this.child = undefined;
  }

  private spawn(): { process: ChildProcess; pending: Map<number, Pending> } {
    // A root daemon's worker starts as root, loads its code (the server's user may not reach the
    // daemon's folder), then switches user itself (becomeOwner: non-dumpable); others get the ids here.
    const switchItself = process.getuid?.() === 0 && this.owner.uid !== 0;
    const child = fork(workerFile, [this.root], {
      uid: switchItself ? undefined : this.owner.uid,
      gid: switchItself ? undefined : this.owner.gid,
      // From sources, tsx is found from the project folder; built, the child needs no folder of its own.
      cwd: fromSources ? process.cwd() : '/',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        ...(switchItself ? { OUTPOST_JAIL_UID: String(this.owner.uid), OUTPOST_JAIL_GID: String(this.owner.gid) } : {}),
      },
      execArgv: fromSources ? ['--conditions=source', '--import', 'tsx'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const entry = { process: child, pending: new Map<number, Pending>() };
    child.on('message', (reply: JailReply) => {
      const waiting = entry.pending.get(reply.id);
      if (!waiting) return;
      entry.pending.delete(reply.id);
      if (reply.error) waiting.reject(toError(reply.error));
      else waiting.resolve(reply.result as never);
    });
    const ended = () => {
      if (this.child === entry) this.child = undefined;
      for (const waiting of entry.pending.values()) waiting.reject(new OutpostError('ErrServiceNotAvailable', 'the file worker of this server stopped (its programs were ended); try again'));
      entry.pending.clear();
    };
    child.on('exit', ended);
    child.on('error', ended);
    return entry;
  }

  /** With nothing pending the child no longer keeps the daemon alive, and ends after idleMs. */
  private whenIdle(child: { process: ChildProcess; pending: Map<number, Pending> }): void {
    if (child.pending.size > 0 || this.child !== child) return;
    child.process.unref();
    (child.process.channel as { unref?: () => void } | undefined)?.unref?.();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.child === child && child.pending.size === 0) {
        this.child = undefined;
        // Killed, not asked: it runs as the server's user, whose programs could have taken it over.
        child.process.kill('SIGKILL');
      }
    }, this.idleMs);
    this.idleTimer.unref();
  }
}

function toError(error: NonNullable<JailReply['error']>): Error {
  if (error.outpost) return new OutpostError(error.outpost.code as never, error.message, error.outpost.metadata, error.outpost.status);
  return Object.assign(new Error(error.message), { code: error.code });
}
