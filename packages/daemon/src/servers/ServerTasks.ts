import type { Cron } from 'croner';
import { OutpostError, readTask } from '@outpost/shared';
import type { Step, Task, TaskMap, TaskOperation } from '@outpost/shared';
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
}

/** The tasks a definition holds (kept under `tasks`), each read again: a definition may have been edited by hand. */
export function tasksOf(definition: object): TaskMap {
  const raw = (definition as { tasks?: unknown }).tasks;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const tasks: TaskMap = {};
  for (const [id, value] of Object.entries(raw)) {
    try {
      tasks[id] = readTask(value);
    } catch {
      // A broken task is left out of the schedule; the definition still holds it for an admin to fix.
    }
  }
  return tasks;
}

/**
 * One server's scheduled tasks: a croner job per task with a schedule, and the runs. Two runs of
 * the same task never overlap: a run asked for while one is under way is skipped, with a line
 * saying so. Kill ends a run's steps and waits (via the AbortController it tracks).
 */
export class ServerTasks {
  private tasks: TaskMap = {};
  private readonly jobs = new Map<string, Cron>();
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly host: TaskHost) {}

  /** Replaces the schedule with `tasks`' (a task whose cron no longer parses is not scheduled, and says so). */
  schedule(tasks: TaskMap): void {
    this.clearJobs();
    this.tasks = tasks;
    if (this.closed) return;
    for (const [id, task] of Object.entries(tasks)) {
      if (!task.cronSchedule) continue;
      try {
        checkSchedule(task.cronSchedule);
        this.jobs.set(id, scheduleCron(task.cronSchedule, () => void this.run(id).catch(() => undefined)));
      } catch {
        this.host.log(`Task ${task.name} has an invalid schedule and will not run on its own`);
      }
    }
  }

  /** Starts a run of task `id` (404 when unknown); resolves when it has finished, fails when it failed. */
  run(id: string): Promise<void> {
    const task = this.tasks[id];
    if (!task || !Object.hasOwn(this.tasks, id)) throw new OutpostError('ErrNotFound', `no task ${id}`, { id });
    if (this.running.has(id)) {
      this.host.log(`Task ${task.name} is still running; this run is skipped`);
      return this.running.get(id)!;
    }
    const run = this.execute(task).finally(() => this.running.delete(id));
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

  private async execute(task: Task): Promise<void> {
    const abort = new AbortController();
    const untrack = this.host.trackRun(abort);
    this.host.log(`Task ${task.name} started`);
    try {
      for (const operation of task.operations) {
        abort.signal.throwIfAborted();
        await this.operate(operation, abort);
      }
      abort.signal.throwIfAborted();
      this.host.log(`Task ${task.name} finished`);
    } catch (error) {
      const reason = abort.signal.aborted ? (abort.signal.reason as Error).message : (error as Error).message;
      this.host.log(`Task ${task.name} failed: ${reason}`);
      throw error;
    } finally {
      untrack();
    }
  }

  private async operate(operation: TaskOperation, abort: AbortController): Promise<void> {
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
