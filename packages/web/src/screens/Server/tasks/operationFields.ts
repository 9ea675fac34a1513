import { grants, TASK_OPERATION_TYPES, taskOperationNeed, TaskOperation } from '@outpost/shared';
import type { TaskOperationType } from '@outpost/shared';

/** How the operation editor shows a field: a text box, a list (one a line), a number or a switch. */
export type FieldKind = 'text' | 'lines' | 'number' | 'switch';

export interface OperationField {
  name: string;
  kind: FieldKind;
  required: boolean;
}

const kindOf = (schema: { type?: unknown }): FieldKind =>
  schema.type === 'array' ? 'lines' : schema.type === 'integer' || schema.type === 'number' ? 'number' : schema.type === 'boolean' ? 'switch' : 'text';

/** The fields of each operation type, read from the shared contract so the editor offers exactly what the daemon takes. */
export const operationFields: Record<TaskOperationType, OperationField[]> = Object.fromEntries(
  TaskOperation.anyOf.map((branch) => {
    const { type, ...fields } = branch.properties as Record<string, { type?: unknown; const?: unknown }>;
    const required = new Set<string>((branch as { required?: string[] }).required ?? []);
    return [type.const, Object.entries(fields).map(([name, schema]) => ({ name, kind: kindOf(schema), required: required.has(name) }))];
  }),
) as Record<TaskOperationType, OperationField[]>;

/** A new operation of `type` with its required fields empty. */
export function emptyOperation(type: TaskOperationType): TaskOperation {
  const operation: Record<string, unknown> = { type };
  for (const field of operationFields[type]) {
    if (!field.required) continue;
    operation[field.name] = field.kind === 'lines' ? [] : field.kind === 'number' ? 0 : field.kind === 'switch' ? false : '';
  }
  return operation as TaskOperation;
}

export { TASK_OPERATION_TYPES };

/** The operation types `held` may put in a task, as the daemon checks on save: each needs what doing it by hand needs. */
export function allowedOperationTypes(held: readonly string[]): TaskOperationType[] {
  return TASK_OPERATION_TYPES.filter((type) => grants(held, taskOperationNeed(type)));
}
