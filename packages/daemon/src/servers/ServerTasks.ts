import { isDeepStrictEqual } from 'node:util';
import type { Cron } from 'croner';
import { hasScope, missingTaskScope, OutpostError, readTask, requireTaskScopes } from '@outpost/shared';
import type { NodeCaller, Scope, Step, Task, TaskDisabled, TaskOperation } from '@outpost/shared';
import { checkSchedule, scheduleCron } from './taskSchedule.js';

/** What a task run needs of its server: its power actions, its console and its step runner. */
export interface TaskHost {
  start(): Promise<void>;
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** `sparing` is the task's own run, which its own kill operation must not end. */
  kill(sparing?: AbortController): Promise<void>;
  sendCommand(command: string): void;
  log(line: string): void;
  runSteps(steps: Step[], what: string): Promise<void>;
  /** Registers a run that kill cancels; answers the unregister function. */
  trackRun(run: AbortController): () => void;
  /** Makes a backup named `name` by task `task`, resolving once it is done. */
  backup(name: string | undefined, task: { id: string; name: string }): Promise<void>;
  /** Told of each run's result (the activity log's server.task.finished). */
  taskFinished?(result: TaskResult): void;
}

export interface TaskResult {
  id: string;
  name: string;
  /** Run by its schedule rather than by someone asking. */
  scheduled: boolean;
  ok: boolean;
  error?: string;
}

/**
 * Who last saved a task and what they held on the server then, narrowed since when their access
 * shrank (restrictTasks): what its scheduled runs may do. Kept beside the task in the definition;
 * only the daemon writes it, from the caller of the save, never from a request body.
 */
export interface TaskStamp {
  user: string;
  scopes: string[];
}

/** A task as the definition keeps it: the spec's fields and its stamp (none on a task from before stamps). */
export type StoredTask = Task & { savedBy?: TaskStamp };
export type StoredTaskMap = Record<string, StoredTask>;

/** The raw task map of a definition (anything but an object is none). */
function rawTasksOf(definition: object): Record<string, unknown> {
  const raw = (definition as { tasks?: unknown }).tasks;
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

/** A task's stamp as the definition holds it, or undefined when it has none that can be read. */
function stampOf(value: unknown): TaskStamp | undefined {
  const stamp = typeof value === 'object' && value !== null ? ((value as { savedBy?: unknown }).savedBy as Partial<TaskStamp> | undefined) : undefined;
  if (typeof stamp !== 'object' || stamp === null || typeof stamp.user !== 'string' || !Array.isArray(stamp.scopes)) return undefined;
  return { user: stamp.user, scopes: stamp.scopes.filter((scope): scope is string => typeof scope === 'string') };
}

/** The tasks a definition holds (kept under `tasks`), each read again: a definition may have been edited by hand. */
export function tasksOf(definition: object): StoredTaskMap {
  const tasks: StoredTaskMap = {};
  for (const [id, value] of Object.entries(rawTasksOf(definition))) {
    try {
      const savedBy = stampOf(value);
      tasks[id] = { ...readTask(value), ...(savedBy ? { savedBy } : {}) };
    } catch {
      // A broken task is left out of the schedule; the definition still holds it for an admin to fix.
    }
  }
  return tasks;
}

const stampOfCaller = (caller: NodeCaller): TaskStamp => ({ user: caller.user, scopes: [...new Set(caller.scopes)] });

/** `task` saved by `caller`: stamped with who they are and what they hold on the server. */
export function stampTask(task: Task, caller: NodeCaller): StoredTask {
  return { ...task, savedBy: stampOfCaller(caller) };
}

/**
 * A whole definition's tasks as `caller` saves it (a definition put or a server created): a task
 * the server already had, unchanged and still stamped, keeps its stamp (so writing the definition
 * back, as a rename does, changes no one's); any other is stamped as the caller's.
 */
export function stampDefinitionTasks<D extends object>(definition: D, caller: NodeCaller, current: object = {}): D {
  const before = rawTasksOf(current);
  const raw = rawTasksOf(definition);
  if (Object.keys(raw).length === 0) return definition;
  const tasks: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(raw)) {
    const kept = Object.hasOwn(before, id) && isDeepStrictEqual(before[id], value);
    tasks[id] = kept || typeof value !== 'object' || value === null ? value : { ...value, savedBy: stampOfCaller(caller) };
  }
  return { ...definition, tasks };
}

/**
 * The tasks of a definition with the stamps of `user`'s narrowed to `held` (only scopes their
 * stamp granted stay); undefined when none changed.
 */
export function restrictedTasks(definition: object, user: string, held: readonly string[]): Record<string, unknown> | undefined {
  const raw = rawTasksOf(definition);
  let changed = false;
  const tasks: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(raw)) {
    const stamp = stampOf(value);
    if (stamp?.user !== user) {
      tasks[id] = value;
      continue;
    }
    const scopes = [...new Set(held)].filter((scope) => hasScope(stamp.scopes, scope as Scope));
    const same = scopes.length === stamp.scopes.length && scopes.every((scope) => stamp.scopes.includes(scope));
    changed ||= !same;
    tasks[id] = same ? value : { ...(value as object), savedBy: { user, scopes } };
  }
  return changed ? tasks : undefined;
}

/** Why the schedule will not run `task`, or undefined when it will. */
export function disabledReason(task: StoredTask): TaskDisabled | undefined {
  if (!task.savedBy) return { reason: 'unsaved' };
  const missing = missingTaskScope(task.savedBy.scopes, task.operations);
  return missing ? { reason: 'ownerLacksScope', scope: missing.scope } : undefined;
}

/** A task as answered: the spec's fields, and why it is disabled if it is; never its stamp. */
export function presentTask(task: StoredTask): Task {
  const { name, cronSchedule, operations } = task;
  const disabled = disabledReason(task);
  return { name, cronSchedule, operations, ...(disabled ? { disabled } : {}) };
}

/** What a run may do: the scopes of whoever runs it now, or for a scheduled run the task's stamp as it is at each step. */
type Authority = { runner: readonly string[] } | { scheduled: true };

/**
 * The console's words for why a run may not go on with `operations` from `from` on, or undefined
 * when it may: the first scope `held` lacks (held undefined: a task nobody has saved since stamps).
 */
function refusal(held: readonly string[] | undefined, operations: readonly TaskOperation[], from = 0): string | undefined {
  const again = 'it runs on its schedule again once someone who may saves it';
  if (!held) return `nobody has saved it since saves were recorded; ${again}`;
  const missing = missingTaskScope(held, operations.slice(from));
  if (!missing) return undefined;
  const at = missing.index === undefined ? '' : ` for operation ${from + missing.index + 1} (${operations[from + missing.index].type})`;
  return `the user who saved it no longer holds ${missing.scope}${at}; ${again}`;
}

/**
 * One server's scheduled tasks: a croner job per task with a schedule, and the runs. Two runs of
 * the same task never overlap: a run asked for while one is under way is skipped, with a line
 * saying so. Kill ends a run's steps and waits (via the AbortController it tracks).
 */
export class ServerTasks {
  private tasks: StoredTaskMap = {};
  private readonly jobs = new Map<string, Cron>();
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly host: TaskHost) {}

  /** Replaces the schedule with `tasks`' (a task whose cron no longer parses is not scheduled, and says so). */
  schedule(tasks: StoredTaskMap): void {
    this.clearJobs();
    this.tasks = tasks;
    if (this.closed) return;
    for (const [id, task] of Object.entries(tasks)) {
      if (!task.cronSchedule) continue;
      try {
        checkSchedule(task.cronSchedule);
        this.jobs.set(id, scheduleCron(task.cronSchedule, () => void this.run(id, { scheduled: true }).catch(() => undefined)));
      } catch {
        this.host.log(`Task ${task.name} has an invalid schedule and will not run on its own`);
      }
    }
  }

  /**
   * Starts a run of task `id` (404 when unknown); resolves when it has finished, fails when it
   * failed. A run someone asks for does what their scopes allow (403 ErrMissingScope at once when
   * they lack one); a scheduled run what the task's stamp allows, read again before each operation,
   * so access taken away from whoever saved it stops even a run under way.
   */
  run(id: string, authority: Authority): Promise<void> {
    const task = this.tasks[id];
    if (!task || !Object.hasOwn(this.tasks, id)) throw new OutpostError('ErrNotFound', `no task ${id}`, { id });
    if ('runner' in authority) requireTaskScopes(authority.runner, task.operations);
    if (this.running.has(id)) {
      this.host.log(`Task ${task.name} is still running; this run is skipped`);
      return this.running.get(id)!;
    }
    const run = this.execute(id, task, authority).finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  /** Server deleted or daemon closing: no more runs start. */
  close(): void {
    this.closed = true;
    this.clearJobs();
  }

  private clearJobs(): void {
    for (const job of this.jobs.values()) job.stop();
    this.jobs.clear();
  }

  /** What the run of task `id` may do now: its runner's scopes, or the stamp of the task as the schedule holds it now. */
  private heldFor(id: string, task: StoredTask, authority: Authority): readonly string[] | undefined {
    if ('runner' in authority) return authority.runner;
    return (Object.hasOwn(this.tasks, id) ? this.tasks[id] : task).savedBy?.scopes;
  }

  private async execute(id: string, task: StoredTask, authority: Authority): Promise<void> {
    const refused = refusal(this.heldFor(id, task, authority), task.operations);
    if (refused) {
      this.host.log(`Task ${task.name} did not run: ${refused}`);
      throw new OutpostError('ErrMissingScope', refused);
    }
    const abort = new AbortController();
    const untrack = this.host.trackRun(abort);
    this.host.log(`Task ${task.name} started`);
    try {
      for (const [index, operation] of task.operations.entries()) {
        abort.signal.throwIfAborted();
        const stopped = refusal(this.heldFor(id, task, authority), task.operations, index);
        if (stopped) throw new OutpostError('ErrMissingScope', stopped);
        await this.operate(operation, abort, { id, name: task.name });
      }
      abort.signal.throwIfAborted();
      this.host.log(`Task ${task.name} finished`);
      this.host.taskFinished?.({ id, name: task.name, scheduled: !('runner' in authority), ok: true });
    } catch (error) {
      const reason = abort.signal.aborted ? (abort.signal.reason as Error).message : (error as Error).message;
      this.host.log(`Task ${task.name} failed: ${reason}`);
      this.host.taskFinished?.({ id, name: task.name, scheduled: !('runner' in authority), ok: false, error: reason });
      throw error;
    } finally {
      untrack();
    }
  }

  private async operate(operation: TaskOperation, abort: AbortController, task: { id: string; name: string }): Promise<void> {
    switch (operation.type) {
      case 'console':
        return this.host.sendCommand(operation.command);
      case 'start':
        return this.host.start();
      case 'stop':
        return this.host.stop();
      case 'restart':
        return this.host.restart();
      case 'kill':
        return this.host.kill(abort);
      case 'wait':
        return waitFor(operation.seconds * 1000, abort.signal);
      case 'backup':
        return this.host.backup(operation.name, task);
      default:
        return this.host.runSteps([operation], `step ${operation.type}`);
    }
  }
}

/** A pause that a kill cuts short. */
function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
