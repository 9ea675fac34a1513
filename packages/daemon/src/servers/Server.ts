import { constants } from 'node:os';
import { builtinVariables, OutpostError, variableValues } from '@outpost/shared';
import type { ServerDefinition, Step } from '@outpost/shared';
import { ConsoleBuffer } from '../console/ConsoleBuffer.js';
import type { Environment, ExitInfo, ProcessStats, RunningProcess } from '../environments/environment.js';
import { Locker } from '../system/Locker.js';
import { serverFilesFor } from '../files/serverFilesFor.js';
import { buildExecution, buildRunExecution, resolveWorkingDirectory } from './buildExecution.js';
import type { OperationContext, Operations } from './Operations.js';
import { RecoveryPolicy } from './RecoveryPolicy.js';
import type { RecoveryOptions } from './RecoveryPolicy.js';

export interface ServerOptions {
  /** How long a stop waits for the program before killing it. */
  stopGraceMs: number;
  /** Pause before an autorestart after a clean exit. */
  restartDelayMs: number;
  recovery: RecoveryOptions;
  consoleLimit?: number;
  consoleTrimTo?: number;
  operations: Operations;
  createEnvironment(config: ServerDefinition['environment'], serverId: string): Promise<Environment>;
}

export type StatusListener = (running: boolean) => void;

/**
 * One server: its definition, console and program. Power actions (start, stop, restart,
 * install) queue on one lock, as Wings' server/power.go does, so they never interleave. Kill
 * skips the lock on purpose: it is the way out when a stop or start hangs.
 */
export class Server {
  readonly console: ConsoleBuffer;
  private readonly lock = new Locker();
  private readonly recovery: RecoveryPolicy;
  private readonly statusListeners = new Set<StatusListener>();
  private readonly goneListeners = new Set<() => void>();
  private environment?: Environment;
  private process?: RunningProcess;
  /** Settles when the program has exited and its post hooks have run. */
  private finished?: Promise<void>;
  private stopRequested = false;
  private recoveryTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    readonly id: string,
    readonly root: string,
    private def: ServerDefinition,
    private readonly options: ServerOptions,
  ) {
    this.console = new ConsoleBuffer(options.consoleLimit, options.consoleTrimTo);
    this.recovery = new RecoveryPolicy(options.recovery);
  }

  get definition(): ServerDefinition {
    return this.def;
  }

  /** Replaces the definition; the environment is rebuilt on the next start. */
  setDefinition(def: ServerDefinition): void {
    this.def = def;
    if (!this.process) this.environment = undefined;
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

  variables(): Record<string, unknown> {
    return {
      ...variableValues(this.def.data),
      ...builtinVariables({ serverId: this.id, rootDir: this.root, platform: process.platform, arch: process.arch }),
    };
  }

  async stats(): Promise<ProcessStats> {
    return this.process ? this.process.stats() : { cpu: 0, memory: 0 };
  }

  /** Sends a console command to the program; ignored while it is not running, as a terminal would. */
  sendCommand(command: string): void {
    this.process?.write(command);
  }

  start(): Promise<void> {
    return this.lock.run(() => this.startLocked());
  }

  stop(): Promise<void> {
    return this.lock.run(() => this.stopLocked());
  }

  restart(): Promise<void> {
    return this.lock.run(async () => {
      await this.stopLocked();
      await this.startLocked();
    });
  }

  /** SIGKILL to the whole process tree; resolves once nothing of it is left. */
  async kill(): Promise<void> {
    this.cancelRecovery();
    const proc = this.process;
    if (!proc) return;
    this.stopRequested = true;
    proc.signal('SIGKILL');
    await this.finished;
  }

  install(): Promise<void> {
    return this.lock.run(async () => {
      if (this.process) throw new OutpostError('ErrServerRunning', 'stop the server before installing it');
      this.cancelRecovery();
      await this.options.operations.checkRequirements(this.def.requirements);
      this.log('Installing server');
      await this.runSteps(this.def.install ?? [], 'install');
      this.log('Server installed');
    });
  }

  /** Daemon shutdown: a clean stop (kill after the grace period), and no more restarts. */
  async shutdown(): Promise<void> {
    this.closed = true;
    this.cancelRecovery();
    await this.stop().catch(() => this.kill());
    await this.environment?.destroy?.();
  }

  /** Server deletion: kill, and free the environment. */
  async destroy(): Promise<void> {
    this.closed = true;
    this.cancelRecovery();
    await this.kill();
    await this.lock.run(async () => undefined);
    await this.environment?.destroy?.();
    for (const listener of this.goneListeners) listener();
    this.goneListeners.clear();
  }

  private async startLocked(): Promise<void> {
    this.cancelRecovery();
    if (this.process || this.closed) return;
    await this.options.operations.checkRequirements(this.def.requirements);
    if (this.def.run.pre?.length) await this.runSteps(this.def.run.pre, 'pre run hooks');
    const environment = await this.getEnvironment();
    const spec = await buildRunExecution(this.def, this.root, this.variables());
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
    if (this.process === proc) this.process = undefined;
    const asked = this.stopRequested;
    this.log(info.signal ? `Server exited by signal ${info.signal}` : `Server exited with code ${info.code}`);
    this.emitStatus(false);
    if (this.def.run.post?.length) {
      await this.runSteps(this.def.run.post, 'post run hooks').catch(() => undefined);
    }
    if (asked || this.closed) return;
    const clean = info.code === 0 && !info.signal;
    if (clean && this.def.run.autorestart) {
      this.scheduleStart(this.options.restartDelayMs, 'Restarting server (autorestart)');
    } else if (!clean && this.def.run.autorecover) {
      const delay = this.recovery.crashed();
      if (delay === undefined) {
        this.log(`Server crashed ${this.recovery.describe()}; not restarting it again`);
      } else {
        this.scheduleStart(delay, `Server crashed; restarting it in ${formatDelay(delay)} (autorecover)`);
      }
    }
  }

  private scheduleStart(delayMs: number, message: string): void {
    this.log(message);
    this.recoveryTimer = setTimeout(() => {
      this.recoveryTimer = undefined;
      this.start().catch((error: Error) => this.log(`Restart failed: ${error.message}`));
    }, delayMs);
  }

  private cancelRecovery(): void {
    if (this.recoveryTimer) clearTimeout(this.recoveryTimer);
    this.recoveryTimer = undefined;
  }

  private emitStatus(running: boolean): void {
    for (const listener of this.statusListeners) listener(running);
  }

  private async getEnvironment(): Promise<Environment> {
    this.environment ??= await this.options.createEnvironment(this.def.environment, this.id);
    return this.environment;
  }

  /** Runs a step list through the operations module, with output and failures in the console. */
  private async runSteps(steps: Step[], what: string): Promise<void> {
    const abort = new AbortController();
    const ctx: OperationContext = {
      serverId: this.id,
      root: this.root,
      files: serverFilesFor(this.root),
      variables: this.variables(),
      log: (line) => this.log(line),
      exec: (command, opts) => this.exec(command, opts, abort.signal),
      signal: abort.signal,
    };
    try {
      await this.options.operations.runOperations(steps, ctx);
    } catch (error) {
      const message = (error as Error).message;
      this.log(`${what} failed: ${message}`);
      if (error instanceof OutpostError) throw error;
      throw new OutpostError('ErrOperationFailed', `${what} failed: ${message}`);
    }
  }

  /** A command step: runs in the server's environment, output to the console, answers the exit code. */
  private async exec(command: string, opts: { cwd: string; env: Record<string, string> }, signal: AbortSignal): Promise<number> {
    const environment = await this.getEnvironment();
    const spec = await buildExecution(command, this.root, { variables: {}, env: opts.env });
    spec.cwd = opts.cwd || (await resolveWorkingDirectory(this.root, undefined, {}));
    const proc = await environment.start(spec, (text) => this.console.append(text));
    const onAbort = () => proc.signal('SIGKILL');
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const info = await proc.exited;
      return info.code ?? 1;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

function signalName(code: number): NodeJS.Signals {
  for (const [name, number] of Object.entries(constants.signals)) if (number === code) return name as NodeJS.Signals;
  return 'SIGTERM';
}

function formatDelay(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
