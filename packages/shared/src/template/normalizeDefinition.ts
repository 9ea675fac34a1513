import type { RunConfig, ServerDefinition, Step, Variable } from '../contract/definition.js';

/** Plain-object check used while reshaping loose input. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const RUN_FLAGS = ['autostart', 'autorestart', 'autorecover'] as const;

/**
 * Turns a loosely written step into its canonical shape: the single-string shorthands of
 * download `files` and command `commands` become one-item lists. Anything it does not
 * recognise is left for validateDefinition to report.
 */
export function normalizeStep(step: unknown): Step {
  if (!isRecord(step)) return step as Step;
  const out: Record<string, unknown> = { ...step };
  if (step.type === 'download' && typeof step.files === 'string') out.files = [step.files];
  if (step.type === 'command' && typeof step.commands === 'string') out.commands = [step.commands];
  if (step.type === 'javadl' && typeof step.version === 'string' && /^\d+$/.test(step.version)) out.version = Number(step.version);
  return out as unknown as Step;
}

/** Fills the spec's variable defaults: type string, required and userEdit true; option gets a list. */
export function normalizeVariable(variable: unknown): Variable {
  if (!isRecord(variable)) return variable as Variable;
  const out: Record<string, unknown> = { type: 'string', required: true, userEdit: true, ...variable };
  if (out.type === undefined || out.type === null || out.type === '') out.type = 'string';
  if (out.required === undefined || out.required === null) out.required = true;
  if (out.userEdit === undefined || out.userEdit === null) out.userEdit = true;
  if (out.type === 'option' && !Array.isArray(out.options)) out.options = [];
  return out as Variable;
}

function normalizeSteps(steps: unknown): unknown {
  return Array.isArray(steps) ? steps.map(normalizeStep) : steps;
}

function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);
}

/**
 * Canonical API form of a definition. Besides the shorthands and variable defaults, it settles
 * what has two spellings so that editor/API conversions round-trip exactly:
 * - empty lists and maps (install, pre, post, environmentVars, data, supportedEnvironments)
 *   are the same as absent, and are dropped;
 * - false run flags are the same as absent, and are dropped;
 * - when both stop and stopCode are given, stopCode wins (a signal is what actually stops it).
 * Unknown keys are kept untouched. The input is not modified.
 */
export function normalizeDefinition(raw: unknown): ServerDefinition {
  if (!isRecord(raw)) return raw as unknown as ServerDefinition;
  const def: Record<string, unknown> = { ...raw };

  if (isRecord(raw.run)) {
    const run: Record<string, unknown> = { ...raw.run };
    run.pre = normalizeSteps(run.pre);
    run.post = normalizeSteps(run.post);
    for (const key of ['pre', 'post', 'environmentVars'] as const) {
      if (run[key] === undefined || run[key] === null || isEmpty(run[key])) delete run[key];
    }
    for (const flag of RUN_FLAGS) if (run[flag] === false || run[flag] === null) delete run[flag];
    if (run.stopCode !== undefined && run.stopCode !== null) delete run.stop;
    else delete run.stopCode;
    if (run.stop === null) delete run.stop;
    def.run = run as unknown as RunConfig;
  }

  def.install = normalizeSteps(def.install);
  if (isRecord(def.data)) {
    def.data = Object.fromEntries(Object.entries(def.data).map(([name, v]) => [name, normalizeVariable(v)]));
  }
  for (const key of ['install', 'data', 'supportedEnvironments', 'environment', 'requirements'] as const) {
    if (def[key] === undefined || def[key] === null || (key !== 'environment' && isEmpty(def[key]))) delete def[key];
  }
  return def as unknown as ServerDefinition;
}
