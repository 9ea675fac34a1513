import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { OutpostError } from '../errors.js';
import { MapOf, ServerParams } from './common.js';
import { Step, STEP_TYPES } from './definition.js';

// Spec server-page.md section 3 "Task": a name, an optional cron schedule and a list of
// operations: every install step type, plus what a user does by hand on the server page.

const open = { additionalProperties: true } as const;

export const ConsoleOperation = Type.Object({ type: Type.Literal('console'), command: Type.String() }, open);
export const StartOperation = Type.Object({ type: Type.Literal('start') }, open);
export const StopOperation = Type.Object({ type: Type.Literal('stop') }, open);
export const RestartOperation = Type.Object({ type: Type.Literal('restart') }, open);
export const KillOperation = Type.Object({ type: Type.Literal('kill') }, open);
/** Pauses the task for `seconds`. */
export const WaitOperation = Type.Object({ type: Type.Literal('wait'), seconds: Type.Number({ minimum: 0, maximum: 86_400 }) }, open);

/** Makes a backup of the server folder, kept by the server's retention like any other (issue 29). */
export const BackupOperation = Type.Object({ type: Type.Literal('backup'), name: Type.Optional(Type.String({ maxLength: 100 })) }, open);

const ServerOperation = Type.Union([ConsoleOperation, StartOperation, StopOperation, RestartOperation, KillOperation, WaitOperation, BackupOperation]);
export type ServerOperation = Static<typeof ServerOperation>;

/** One operation of a task: a processor step or a server operation; `type` says which. */
export const TaskOperation = Type.Union([...Step.anyOf, ...ServerOperation.anyOf]);
export type TaskOperation = Step | ServerOperation;
export type TaskOperationType = TaskOperation['type'];

/** The server operations' types, in the order the editor offers them after the step types. */
export const SERVER_OPERATION_TYPES: readonly ServerOperation['type'][] = ServerOperation.anyOf.map((branch) => branch.properties.type.const);
export const TASK_OPERATION_TYPES: readonly TaskOperationType[] = [...STEP_TYPES, ...SERVER_OPERATION_TYPES];

/** The spec's default schedule for a new task: every day at midnight. */
export const DEFAULT_TASK_CRON = '0 0 */1 * *';

/**
 * Why a task's schedule does not run it (answered, never taken): nobody has saved it since saves
 * were recorded (`unsaved`), or the user who saved it no longer holds `scope` on the server
 * (`ownerLacksScope`). Saving it again, by someone who may, makes it theirs and runs it again.
 */
export const TaskDisabled = Type.Object({
  reason: Type.Union([Type.Literal('unsaved'), Type.Literal('ownerLacksScope')]),
  scope: Type.Optional(Type.String()),
});
export type TaskDisabled = Static<typeof TaskDisabled>;

export const Task = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    /** Five-field cron, in the node's time zone; null or empty: manual run only. */
    cronSchedule: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    operations: Type.Array(TaskOperation, { maxItems: 100 }),
    /** In answers only: set when the schedule will not run the task, and why. */
    disabled: Type.Optional(TaskDisabled),
  },
  open,
);
export type Task = Static<typeof Task>;

/** GET .../tasks: the tasks keyed by id. */
export const TaskMap = MapOf(Task);
export type TaskMap = Static<typeof TaskMap>;

/** The daemon's GET .../tasks: the tasks and the IANA time zone the node schedules them in. */
export const TaskList = Type.Object({ tasks: TaskMap, timeZone: Type.String() });
export type TaskList = Static<typeof TaskList>;

/** A task body as the routes take it: checked by readTask, which answers the specific codes. */
export const TaskBody = Type.Object({}, { additionalProperties: true, description: 'a task: name, cronSchedule, operations' });
export const TaskParams = Type.Object({ id: ServerParams.properties.id, taskId: Type.String({ minLength: 1, maxLength: 64 }) });
export type TaskParams = Static<typeof TaskParams>;
export const TaskCreated = Type.Object({ id: Type.String() });
export type TaskCreated = Static<typeof TaskCreated>;

/**
 * The daemon's POST /daemon/tasks/restrict: what `user` holds now on each listed server, to which
 * the tasks they saved there are narrowed (their access ended or shrank).
 */
export const TaskRestriction = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 64 }),
  held: Type.Record(Type.String({ maxLength: 64 }), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 64 })),
});
export type TaskRestriction = Static<typeof TaskRestriction>;

const knownTypes = new Set<unknown>(TASK_OPERATION_TYPES);

/**
 * A task from a request, or 400: ErrFieldRequired {field: name} for a blank name,
 * ErrUnknownOperation {index, type} for an operation type nobody knows, ErrInvalidOperation
 * {index, type} for one whose fields do not fit. The cron expression is checked by the daemon.
 */
export function readTask(value: unknown): Task {
  const body = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof body.name !== 'string' || body.name.trim() === '') throw new OutpostError('ErrFieldRequired', 'name is required', { field: 'name' });
  if (body.name.length > 200) throw new OutpostError('ErrFieldTooLarge', 'name is too long', { field: 'name', max: 200 });
  const cron = body.cronSchedule;
  if (cron !== undefined && cron !== null && typeof cron !== 'string') throw new OutpostError('ErrInvalidCron', 'cronSchedule must be text', { cron: String(cron) });
  if (!Array.isArray(body.operations)) throw new OutpostError('ErrFieldRequired', 'operations is required', { field: 'operations' });
  if (body.operations.length > 100) throw new OutpostError('ErrFieldTooLarge', 'too many operations', { field: 'operations', max: 100 });
  body.operations.forEach((operation: unknown, index) => {
    const type = (operation as { type?: unknown } | null)?.type;
    if (!knownTypes.has(type)) throw new OutpostError('ErrUnknownOperation', `operation ${index + 1} has an unknown type`, { index, type: String(type) });
    if (!Value.Check(TaskOperation, operation)) throw new OutpostError('ErrInvalidOperation', `operation ${index + 1} (${String(type)}) is not valid`, { index, type: String(type) });
  });
  const schedule = typeof cron === 'string' && cron.trim() !== '' ? cron.trim() : null;
  return { name: body.name.trim(), cronSchedule: schedule, operations: structuredClone(body.operations) as TaskOperation[] };
}
