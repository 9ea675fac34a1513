import { JAVA_VERSIONS, STEP_TYPES, type Step, type StepType } from '@outpost/shared';
import { emptyOperation, operationFields, type OperationField } from '../../Server/tasks/operationFields';

// Install steps and hooks are the task editor's step operations: the same fields, read from the
// shared contract, so a step type added there is offered here too.
export { STEP_TYPES };

/** The Java version a new javadl step starts with: the newest the spec offers. */
const DEFAULT_JAVA = JAVA_VERSIONS[JAVA_VERSIONS.length - 1];

export function stepFields(type: StepType): OperationField[] {
  return operationFields[type] ?? [];
}

/** A new step of `type` with its required fields empty (a javadl step with a version picked). */
export function emptyStep(type: StepType): Step {
  const step = emptyOperation(type) as Step;
  return type === 'javadl' ? ({ ...step, version: DEFAULT_JAVA } as Step) : step;
}

/** Why a field cannot be saved: a catalogue key under templateEditor.problems. */
export type FieldProblem = 'required' | 'integer';

/**
 * The problems of a step's fields, by field name (empty when it can be saved): a required text
 * left blank, a list with no entry, a number that is not a whole one. Blank lines of a list are
 * not problems; stepForSave drops them.
 */
export function stepProblems(step: Step): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const values = step as unknown as Record<string, unknown>;
  for (const field of stepFields(step.type)) {
    const value = values[field.name];
    if (field.kind === 'number' && value !== undefined && !Number.isInteger(value)) problems[field.name] = 'integer';
    if (!field.required) continue;
    if (field.kind === 'text' && (typeof value !== 'string' || value.trim() === '')) problems[field.name] = 'required';
    if (field.kind === 'lines' && (!Array.isArray(value) || !value.some((line) => String(line).trim() !== ''))) problems[field.name] = 'required';
    if (field.kind === 'number' && value === undefined) problems[field.name] = 'required';
  }
  return problems;
}

/** The step as saved: list fields without their blank lines. */
export function stepForSave(step: Step): Step {
  const out: Record<string, unknown> = { ...step };
  for (const field of stepFields(step.type)) {
    const value = out[field.name];
    if (field.kind === 'lines' && Array.isArray(value)) out[field.name] = value.filter((line) => String(line).trim() !== '');
  }
  return out as unknown as Step;
}

/** A one-line summary of a step for its row in a list: its main values. */
export function stepSummary(step: Step): string {
  const values = step as unknown as Record<string, unknown>;
  return stepFields(step.type)
    .map((field) => values[field.name])
    .filter((value) => value !== undefined && value !== '' && typeof value !== 'boolean')
    .map((value) => (Array.isArray(value) ? value.join(', ') : String(value)))
    .join(' · ');
}
