import { isRecord } from './normalizeDefinition.js';

/*
 * Version-1 templates (the pufferd era) looked like
 *   { "<template name>": { "type", "display", "install": { "commands": [steps] },
 *       "run": { "stop", "pre", "post", "program", "arguments", "environmentVars" },
 *       "data": { "<var>": { "value", "desc", "display", "required", "internal", "type" } },
 *       "environment": { "type": "standard" } } }
 * (often with the key "pufferd"), or the same object without the wrapper. The mapping:
 * - the wrapper key becomes `name`, unless it is "pufferd" or an object already names itself;
 * - run.program + run.arguments become run.command as an argv list [program, ...arguments],
 *   which keeps arguments containing spaces intact; arguments given as one text become the
 *   line "program arguments"; a missing program leaves the arguments as the command;
 * - install.commands becomes the install step list (an install that is already a list is kept);
 * - a variable's `internal: true` becomes `userEdit: false` (internal values were hidden
 *   from users); a variable without a type gets `boolean`/`integer` when its value is one,
 *   else the normal default (string);
 * - environment type "system" (older daemons) becomes "standard";
 * - stop, pre, post, environmentVars, workingDirectory and the run flags keep their names,
 *   and every other key is carried over as it is.
 */

const WRAPPER_KEY = 'pufferd';

/** The v1 body (unwrapped) if `value` looks like a version-1 template, else undefined. */
function v1Body(value: unknown): { name?: string; body: Record<string, unknown> } | undefined {
  if (!isRecord(value)) return undefined;
  if (looksLikeV1Body(value)) return { body: value };
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const key = keys[0]!;
  const inner = value[key];
  if (!isRecord(inner) || !(looksLikeV1Body(inner) || (key === WRAPPER_KEY && isRecord(inner.run)))) return undefined;
  return { name: key === WRAPPER_KEY ? undefined : key, body: inner };
}

function looksLikeV1Body(value: Record<string, unknown>): boolean {
  const run = value.run;
  const runIsV1 = isRecord(run) && run.command === undefined && (run.program !== undefined || run.arguments !== undefined);
  const installIsV1 = isRecord(value.install) && Array.isArray(value.install.commands);
  return runIsV1 || installIsV1;
}

/** True when the value is a version-1 template that convertV1Template can turn into the current form. */
export function isV1Template(value: unknown): boolean {
  return v1Body(value) !== undefined;
}

function v1Command(run: Record<string, unknown>): unknown {
  const { program, arguments: args } = run;
  if (typeof program !== 'string' || program === '') return args;
  if (Array.isArray(args)) return [program, ...args.map(String)];
  if (typeof args === 'string' && args.trim() !== '') return `${program} ${args}`;
  return [program];
}

function v1Variable(variable: unknown): unknown {
  if (!isRecord(variable)) return variable;
  const { internal, ...rest } = variable;
  const out: Record<string, unknown> = { ...rest };
  if (internal === true && out.userEdit === undefined) out.userEdit = false;
  if (out.type === undefined) {
    if (typeof out.value === 'boolean') out.type = 'boolean';
    else if (Number.isInteger(out.value)) out.type = 'integer';
  }
  return out;
}

/**
 * Converts a version-1 template to the current API form (not yet normalised or validated;
 * readDefinition does both). Answers the input unchanged when it is not version 1.
 */
export function convertV1Template(value: unknown): unknown {
  const found = v1Body(value);
  if (!found) return value;
  const { name, body } = found;
  const out: Record<string, unknown> = { ...body };
  if (name !== undefined && out.name === undefined) out.name = name;

  if (isRecord(body.run)) {
    const { program: _program, arguments: _args, ...run } = body.run;
    if (run.command === undefined) run.command = v1Command(body.run);
    out.run = run;
  }
  if (isRecord(body.install)) {
    out.install = Array.isArray(body.install.commands) ? body.install.commands : [];
  }
  if (isRecord(body.data)) {
    out.data = Object.fromEntries(Object.entries(body.data).map(([key, v]) => [key, v1Variable(v)]));
  }
  if (isRecord(body.environment) && body.environment.type === 'system') {
    out.environment = { ...body.environment, type: 'standard' };
  }
  return out;
}
