import { constants } from 'node:os';
import { resolve } from 'node:path';
import { builtinVariables, checkDefinitionValues, commandEcho, OutpostError, Scopes } from '@outpost/shared';
import type { BackupAuthor, NodeEvent, ServerDefinition, ServerLimits, ServerStats, Step } from '@outpost/shared';
import { DiskUsage } from '../disk/DiskUsage.js';
import { ConsoleBuffer } from '../console/ConsoleBuffer.js';
import type { Environment, ExitInfo, ProcessStats, RunningProcess } from '../environments/environment.js';
import { killProcesses, killUser, leftoverProcesses, signalProcesses } from '../environments/processTree.js';
import { Locker } from '../system/Locker.js';
import type { OutboundGuard } from '../system/outboundGuard.js';
import type { DownloadSources } from '../operations/downloadSources.js';
import { ServerFiles } from '../files/ServerFiles.js';
import { baseEnvironment, buildExecution, buildRunExecution, resolveWorkingDirectory } from './buildExecution.js';
import { serverJavaEnvironment } from '../operations/javaHome.js';
import type { OperationContext, Operations } from './Operations.js';
import { RecoveryPolicy } from './RecoveryPolicy.js';
import { sharedStats } from './sharedStats.js';
import type { RecoveryOptions } from './RecoveryPolicy.js';
import { serverUser } from './serverUsers.js';
import { ServerTasks, tasksOf } from './ServerTasks.js';
import type { TaskHost, TaskResult } from './ServerTasks.js';

/** The built-in variables of a server on this node. */
export function serverBuiltins(id: string, root: string): Record<string, string> {
  return builtinVariables({ serverId: id, rootDir: root, platform: process.platform, arch: process.arch });
}

/** How long a sweep of the server user's processes waits for file operations under way. */
const FILE_WORK_GRACE_MS = 5000;

export interface ServerOptions {
  /** How long a stop waits for the program before killing it. */
  stopGraceMs: number;
  /** Pause before an autorestart after a clean exit. */
  restartDelayMs: number;
  recovery: RecoveryOptions;
  consoleLimit?: number;
  consoleTrimTo?: number;
  operations: Operations;
  /** The node's shared folder of JDKs (javadl); a server whose steps fetch one runs with it in PATH. */
  javaDir?: string;
  /** The node's private-address guard for the downloads of install steps, hooks and tasks. */
  outbound?: OutboundGuard;
  /** Where the node's vendor download steps look things up; absent, the vendors' own. */
  downloadSources?: DownloadSources;
  /** `limits` answers the definition's, which the environment enforces (as the node applies them) from each start on. */
  createEnvironment(config: ServerDefinition['environment'], serverId: string, files: ServerFiles, limits: () => ServerLimits | undefined): Promise<Environment>;
  /** Makes a backup of the server and resolves once it is done (the node's BackupManager); absent, tasks cannot back up. */
  backup?: (server: Server, name: string | undefined, by: BackupAuthor) => Promise<void>;
  /** A definition's limits as the node applies them (its defaults and maximum); absent, the definition's own. */
  appliedLimits?: (limits: ServerLimits | undefined) => ServerLimits;
  /** Whether the node enforces these limits in this environment (false: shown, not applied); absent, stats do not say. */
  limitsEnforced?: (environment: ServerDefinition['environment'], limits: ServerLimits) => boolean;
  /** Told of each crash, recovery, give-up, install outcome and task result (the panel's activity log). */
  onEvent?: (event: ServerLifeEvent) => void;
}

export type StatusListener = (running: boolean) => void;

/** The events of a server's life only its node sees (issue 31); `actor` is the system unless said. */
export type ServerLifeEvent = NodeEvent;

/** How many of the console's last lines a crash event carries, and how long each may be. */
const CRASH_LINES = 20;
const CRASH_LINE_CHARS = 500;

/**
 * One server: its definition, console and program. Power actions (start, stop, restart,
 * install) queue on one lock, as Wings' server/power.go does, so they never interleave. Kill
 * skips the lock on purpose: it is the way out when a stop or start hangs.
 */
export class Server implements TaskHost {
  /** The server's one jail object, shared by HTTP, the WebSocket, SFTP, Docker bindings and install steps. */
  readonly files: ServerFiles;
  /** What its folder takes against its disk limit (issue 30); the node's DiskScanner measures it. */
  readonly disk: DiskUsage;
  readonly console: ConsoleBuffer;
  /** Its scheduled tasks, kept in the definition under `tasks`. */
  readonly tasks: ServerTasks;
  private readonly lock = new Locker();
  private readonly recovery: RecoveryPolicy;
  /** Clean exits count too: a program that exits 0 at once must not restart in a tight loop forever. */
  private readonly restarts: RecoveryPolicy;
  /** Step runs in progress (install, hooks, tasks), which kill cancels. */
  private readonly stepRuns = new Set<AbortController>();
  /** Command steps running now. */
  private readonly stepProcesses = new Set<RunningProcess>();
  private readonly statusListeners = new Set<StatusListener>();
  private readonly goneListeners = new Set<() => void>();
  private environment?: Environment;
  private process?: RunningProcess;
  private installRuns = 0;
  /** Settles when the program has exited and its post hooks have run. */
  private finished?: Promise<void>;
  private stopRequested = false;
  private recoveryTimer?: NodeJS.Timeout;
  private closed = false;
  private stoppingOverDisk = false;

  constructor(
    readonly id: string,
    readonly root: string,
    private def: ServerDefinition,
    private readonly options: ServerOptions,
  ) {
    this.disk = new DiskUsage(resolve(root), { limitMiB: () => this.limits.disk ?? 0, running: () => this.running });
    this.disk.onOver(() => this.stopOverDisk());
    this.files = new ServerFiles(resolve(root), { quota: this.disk });
    this.console = new ConsoleBuffer(options.consoleLimit, options.consoleTrimTo);
    this.recovery = new RecoveryPolicy(options.recovery);
    this.restarts = new RecoveryPolicy({ ...options.recovery, initialDelayMs: options.restartDelayMs });
    this.tasks = new ServerTasks(this);
    this.tasks.schedule(tasksOf(def));
  }

  get definition(): ServerDefinition {
    return this.def;
  }

  /** Replaces the definition; the environment is rebuilt on the next start. */
  setDefinition(def: ServerDefinition): void {
    this.def = def;
    if (!this.process) this.environment = undefined;
    this.tasks.schedule(tasksOf(def));
  }

  /** The limits the node applies to this server: the one place environments, the disk quota and stats read them. */
  get limits(): ServerLimits {
    return this.options.appliedLimits?.(this.def.limits) ?? { ...this.def.limits };
  }

  /** True while install steps run, so a list can tell an install from a stopped server. */
  get installing(): boolean {
    return this.installRuns > 0;
  }

  get running(): boolean {
    return this.process !== undefined;
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Called once when the server is deleted, so live connections to it can close. */
  onGone(listener: () => void): () => void {
    this.goneListeners.add(listener);
    return () => this.goneListeners.delete(listener);
  }

  /** A daemon line in the console, marked so the console view can tell it apart. */
  log(line: string): void {
    this.console.append(`[DAEMON] ${line}\n`);
  }

  /**
   * The values for ${name}: the server's data checked again by type and use (a definition file
   * may have been edited by hand; ErrInvalidVariable when one does not fit), built-ins over them.
   */
  variables(): Record<string, unknown> {
    return checkDefinitionValues(this.def, serverBuiltins(this.id, this.root));
  }

  /** CPU and memory sampled at most once per interval and shared by every asker (sharedStats); disk use as last counted. */
  async stats(): Promise<ServerStats> {
    const usage: ProcessStats = this.process ? await sharedStats(this.process) : { cpu: 0, memory: 0 };
    const [disk, limits] = [this.disk.bytes, this.limits];
    const enforced = this.options.limitsEnforced?.(this.def.environment, limits);
    return { ...usage, ...(disk !== undefined && { disk }), limits, ...(enforced !== undefined && { limitsEnforced: enforced }) };
  }

  /** Sends a console command to the program; ignored while it is not running, as a terminal would. */
  sendCommand(command: string): void {
    this.process?.write(command);
  }

  /**
   * A command someone typed in the console: echoed first, for everyone watching and in the replay
   * (marked as input, naming `by` when known), then sent. Not running, it is neither, as before.
   */
  typeCommand(command: string, by?: string): void {
    if (!this.process) return;
    this.console.append(commandEcho(command, by));
    this.process.write(command);
  }

  start(): Promise<void> {
    return this.lock.run(() => this.startLocked());
  }

  stop(): Promise<void> {
    return this.lock.run(() => this.stopLocked());
  }

  /**
   * A stop, then a start. With `mayStop` false (a caller who may start but not stop) a running
   * program is refused, never stopped, and a stopped one just starts: checked under the lock, so
   * a start that slipped in before it cannot be stopped through it.
   */
  restart(mayStop = true): Promise<void> {
    return this.lock.run(async () => {
      if (!mayStop && this.process) throw restartNeedsStop();
      await this.stopLocked();
      await this.startLocked();
    });
  }

  /**
   * SIGKILL to the whole process tree, and to any install, hook or task step running (which then
   * fails); resolves once nothing of them is left. A server with its own user loses every
   * process of that user, wherever it went.
   */
  async kill(sparing?: AbortController): Promise<void> {
    this.cancelRecovery();
    this.cancelSteps('the server was killed', sparing);
    const steps = [...this.stepProcesses].map((step) => step.exited);
    const proc = this.process;
    if (proc) {
      this.stopRequested = true;
      proc.signal('SIGKILL');
    }
    await Promise.all([this.finished, ...steps]);
    await this.killUserProcesses();
  }

  /**
   * Runs `work` on the server's lock while no program runs and no install does (409
   * ErrServerRunning otherwise), so nothing starts until it is done: a restore of its files.
   */
  whileStopped<T>(work: () => Promise<T>): Promise<T> {
    const refuse = () => new OutpostError('ErrServerRunning', 'stop the server first: its files cannot be restored while it runs');
    if (this.process || this.installRuns > 0) return Promise.reject(refuse());
    return this.lock.run(async () => {
      if (this.process || this.installRuns > 0) throw refuse();
      return work();
    });
  }

  /** A task's backup operation: made by the node's backups, as the task. */
  async backup(name: string | undefined, task: { id: string; name: string }): Promise<void> {
    if (!this.options.backup) throw new OutpostError('ErrOperationFailed', 'this node makes no backups');
    await this.options.backup(this, name, { type: 'task', id: task.id, name: task.name });
  }

  install(): Promise<void> {
    return this.lock.run(async () => {
      if (this.process) throw new OutpostError('ErrServerRunning', 'stop the server before installing it');
      this.cancelRecovery();
      await this.options.operations.checkRequirements(this.def.requirements);
      this.log('Installing server');
      this.installRuns++;
      this.emitStatus(this.running);
      try {
        await this.runSteps(this.def.install ?? [], 'install');
      } catch (error) {
        this.report({ event: 'server.install.failed', server: this.id, data: { error: (error as Error).message } });
        throw error;
      } finally {
        this.installRuns--;
        this.emitStatus(this.running);
      }
      this.log('Server installed');
      this.report({ event: 'server.install.finished', server: this.id, data: {} });
    });
  }

  /** Daemon shutdown: a clean stop (kill after the grace period), and no more restarts. */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.tasks.close();
    this.cancelRecovery();
    // A step could hold the lock for ever (a hung install), and the stop below waits for it.
    this.cancelSteps('the daemon is shutting down');
    await this.stop().catch(() => this.kill());
    await this.environment?.destroy?.();
  }

  /** Server deletion: kill, and free the environment. */
  async destroy(): Promise<void> {
    this.closed = true;
    this.tasks.close();
    this.cancelRecovery();
    await this.kill();
    await this.lock.run(async () => undefined);
    await this.environment?.destroy?.();
    for (const listener of this.goneListeners) listener();
    this.goneListeners.clear();
  }

  /**
   * Daemon start: ends whatever a daemon that died without stopping this server (SIGKILL, a
   * crash) left running of it. Its console and input died with that daemon and cannot be
   * re-attached, so the processes get SIGTERM, the stop grace period, then SIGKILL, and the
   * console says so. On the lock, so an autostart waits for it instead of starting a second copy.
   */
  endLeftovers(): Promise<void> {
    return this.lock.run(async () => {
      const user = await serverUser(this.root).catch(() => undefined);
      const find = () => leftoverProcesses(this.root, user?.uid);
      const found = find();
      if (found.length === 0) return;
      const grace = formatDelay(this.options.stopGraceMs);
      this.log(
        `Found ${found.length} process${found.length === 1 ? '' : 'es'} of this server still running from before the daemon restarted (pid ${found.join(', ')}). ` +
          `Their console cannot be re-attached, so they are being stopped (SIGTERM, then SIGKILL after ${grace})`,
      );
      signalProcesses(found, 'SIGTERM');
      const until = Date.now() + this.options.stopGraceMs;
      while (find().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      if (find().length > 0) {
        this.log(`They did not stop within ${grace}, killing them`);
        if (user) await this.killUserProcesses();
        await killProcesses(find);
      }
      this.log(find().length === 0 ? 'The processes left running were ended; the server is stopped' : 'Some processes left running could not be ended');
    });
  }

  private async startLocked(): Promise<void> {
    this.cancelRecovery();
    if (this.process || this.closed) return;
    // Refused with the reason, which whoever asked for the start puts in the console (start failed, autostart failed, restart failed).
    await this.disk.assertUnder();
    await this.options.operations.checkRequirements(this.def.requirements);
    let variables: Record<string, unknown>;
    try {
      variables = this.variables();
    } catch (error) {
      this.log(`Cannot start: ${(error as Error).message}`);
      throw error;
    }
    if (this.def.run.pre?.length) await this.runSteps(this.def.run.pre, 'pre run hooks');
    const environment = await this.getEnvironment();
    const spec = await buildRunExecution(this.def, this.files, variables, this.javaEnvironment());
    this.log('Starting server');
    let proc: RunningProcess;
    try {
      proc = await environment.start(spec, (text) => this.console.append(text));
    } catch (error) {
      this.log(`Could not start ${spec.command}: ${(error as Error).message}`);
      throw new OutpostError('ErrOperationFailed', `could not start ${spec.command}: ${(error as Error).message}`);
    }
    this.process = proc;
    this.stopRequested = false;
    this.finished = proc.exited.then((info) => this.afterExit(proc, info));
    this.emitStatus(true);
  }

  /** A scan found the folder over the disk limit: the program stops, saying why, and may not start until it is under. */
  private stopOverDisk(): void {
    if (!this.process || this.stopRequested || this.stoppingOverDisk) return;
    this.stoppingOverDisk = true;
    this.log(`stopped: ${this.disk.describe()}`);
    this.stop()
      .catch((error: Error) => this.log(`Stop failed: ${error.message}`))
      .finally(() => (this.stoppingOverDisk = false));
  }

  private async stopLocked(): Promise<void> {
    this.cancelRecovery();
    const proc = this.process;
    if (!proc) return;
    this.stopRequested = true;
    const { stop, stopCode } = this.def.run;
    if (stopCode !== undefined) proc.signal(signalName(stopCode));
    else if (stop) proc.write(stop);
    else proc.signal('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      this.finished!.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), this.options.stopGraceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      this.log(`Server did not stop within ${Math.round(this.options.stopGraceMs / 1000)} s, killing it`);
      proc.signal('SIGKILL');
      await this.finished;
    }
  }

  private async afterExit(proc: RunningProcess, info: ExitInfo): Promise<void> {
    // The program is gone, so nothing of its user may run on unseen (a step may, e.g. a task).
    // Swept while the server still counts as running, so a start cannot slip in and be swept too.
    if (this.stepProcesses.size === 0) await this.killUserProcesses();
    if (this.process === proc) this.process = undefined;
    const asked = this.stopRequested;
    this.log(info.signal ? `Server exited by signal ${info.signal}` : `Server exited with code ${info.code}`);
    if (info.outOfMemory) this.log(`Server stopped: out of memory (limit ${info.outOfMemory} MiB)`);
    this.emitStatus(false);
    if (this.def.run.post?.length) {
      await this.runSteps(this.def.run.post, 'post run hooks').catch(() => undefined);
    }
    if (asked || this.closed) return;
    const clean = info.code === 0 && !info.signal;
    if (clean && this.def.run.autorestart) {
      const delay = this.restarts.crashed();
      if (delay === undefined) {
        this.log(`Server exited ${this.restarts.describe('times')}; not restarting it again`);
      } else {
        this.scheduleStart(delay, `Restarting server (autorestart) in ${formatDelay(delay)}`);
      }
    } else if (!clean) {
      this.report({ event: 'server.crashed', server: this.id, data: { exitCode: info.code ?? null, lines: this.lastLines() } });
      if (!this.def.run.autorecover) return;
      const delay = this.recovery.crashed();
      if (delay === undefined) {
        this.log(`Server crashed ${this.recovery.describe()}; not restarting it again`);
        this.report({ event: 'server.restart.gaveup', server: this.id, data: {} });
      } else {
        this.scheduleStart(delay, `Server crashed; restarting it in ${formatDelay(delay)} (autorecover)`, true);
      }
    }
  }

  private scheduleStart(delayMs: number, message: string, afterCrash = false): void {
    this.log(message);
    this.recoveryTimer = setTimeout(() => {
      this.recoveryTimer = undefined;
      this.start().then(
        () => afterCrash && this.report({ event: 'server.recovered', server: this.id, data: {} }),
        (error: Error) => this.log(`Restart failed: ${error.message}`),
      );
    }, delayMs);
  }

  /** A task's result: its own actor when its schedule ran it; a run someone asked for is theirs (the panel records it). */
  taskFinished(result: TaskResult): void {
    const actor = result.scheduled ? { type: 'task' as const, id: result.id, name: result.name } : undefined;
    const data = { task: result.id, name: result.name, ok: result.ok, ...(result.error !== undefined && { error: result.error }) };
    this.report({ event: 'server.task.finished', server: this.id, ...(actor && { actor }), data });
  }

  /** Tells the node's event hook, which must never break the server's life. */
  report(event: ServerLifeEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // the hook's own failure is its own
    }
  }

  /** The console's last lines, for a crash event. */
  private lastLines(): string[] {
    const text = this.console.replay().logs.join('');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(-CRASH_LINES)
      .map((line) => line.slice(0, CRASH_LINE_CHARS));
  }

  /** Ends every step run in progress (its command processes get SIGKILL), failing it with `reason`. */
  private cancelSteps(reason: string, sparing?: AbortController): void {
    for (const run of this.stepRuns) if (run !== sparing) run.abort(new OutpostError('ErrOperationFailed', reason));
  }

  /** A run of steps started elsewhere (a task), which kill then cancels too. */
  trackRun(run: AbortController): () => void {
    this.stepRuns.add(run);
    return () => this.stepRuns.delete(run);
  }

  private cancelRecovery(): void {
    if (this.recoveryTimer) clearTimeout(this.recoveryTimer);
    this.recoveryTimer = undefined;
  }

  private emitStatus(running: boolean): void {
    for (const listener of this.statusListeners) listener(running);
  }

  private async killUserProcesses(): Promise<void> {
    const user = await serverUser(this.root).catch(() => undefined);
    if (!user) return;
    // The file worker runs as the same user: let the operations it is doing finish first.
    const files = this.files;
    await files.settled(FILE_WORK_GRACE_MS);
    // Ended here rather than by the sweep, so the next file operation (a start's working
    // directory) gets a fresh worker instead of one whose death is not yet noticed.
    files.close();
    await killUser(user.uid);
  }

  private async getEnvironment(): Promise<Environment> {
    this.environment ??= await this.options.createEnvironment(this.def.environment, this.id, this.files, () => this.def.limits);
    return this.environment;
  }

  /** Runs a step list through the operations module, with output and failures in the console. */
  async runSteps(steps: Step[], what: string): Promise<void> {
    const abort = new AbortController();
    this.stepRuns.add(abort);
    try {
      const ctx: OperationContext = {
        serverId: this.id,
        root: this.root,
        files: this.files,
        variables: this.variables(),
        log: (line) => this.log(line),
        exec: (argv, opts) => this.exec(argv, opts, abort.signal),
        signal: abort.signal,
        javaDir: this.options.javaDir,
        outbound: this.options.outbound,
        sources: this.options.downloadSources,
        env: this.javaEnvironment(),
      };
      await this.options.operations.runOperations(steps, ctx);
    } catch (error) {
      const message = (error as Error).message;
      this.log(`${what} failed: ${message}`);
      if (error instanceof OutpostError) throw error;
      throw new OutpostError('ErrOperationFailed', `${what} failed: ${message}`);
    } finally {
      this.stepRuns.delete(abort);
    }
  }

  /** JAVA_HOME and PATH of the JDK the server's javadl step fetched, once it is on the node. */
  private javaEnvironment(): Record<string, string> {
    return serverJavaEnvironment(this.def, this.options.javaDir, baseEnvironment().PATH);
  }

  /** A command step: runs in the server's environment, output to the console, answers the exit code. */
  private async exec(argv: string[], opts: { cwd: string; env: Record<string, string> }, signal: AbortSignal): Promise<number> {
    const environment = await this.getEnvironment();
    const spec = await buildExecution(argv, this.root, opts.cwd || (await resolveWorkingDirectory(this.files, undefined, {})), opts.env);
    if (signal.aborted) throw new OutpostError('ErrOperationFailed', 'the step was killed');
    const proc = await environment.start(spec, (text) => this.console.append(text));
    this.stepProcesses.add(proc);
    const onAbort = () => proc.signal('SIGKILL');
    // A kill that came while the step was starting has nothing else to reach it by.
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    try {
      const info = await proc.exited;
      return info.code ?? 1;
    } finally {
      this.stepProcesses.delete(proc);
      signal.removeEventListener('abort', onAbort);
    }
  }
}

/** The refusal of a restart that would stop a running program for a caller without stopServer. */
export function restartNeedsStop(): OutpostError {
  return new OutpostError('ErrMissingScope', 'The server is running: restarting it would stop it, which needs stopServer', { scope: Scopes.ServerStop });
}

function signalName(code: number): NodeJS.Signals {
  for (const [name, number] of Object.entries(constants.signals)) if (number === code) return name as NodeJS.Signals;
  return 'SIGTERM';
}

function formatDelay(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
