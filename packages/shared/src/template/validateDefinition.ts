import { OutpostError } from '../errors.js';
import { isValidVariableName } from '../validators.js';
import { isRecord } from './normalizeDefinition.js';
import { parsePortBinding } from './portBinding.js';
import { ENVIRONMENT_TYPES, NETWORK_MODES, STEP_TYPES, VARIABLE_TYPES } from './types.js';
import type { ServerDefinition } from './types.js';

type FieldKind = 'string' | 'string?' | 'strings' | 'boolean?' | 'integer';

/** The fields each step type needs (spec "Processor (step) types"). */
const STEP_FIELDS: Record<(typeof STEP_TYPES)[number], Record<string, FieldKind>> = {
  download: { files: 'strings' },
  command: { commands: 'strings' },
  alterfile: { file: 'string', regex: 'boolean?', search: 'string', replace: 'string?' },
  writefile: { target: 'string', text: 'string?' },
  move: { source: 'string', target: 'string' },
  mkdir: { target: 'string' },
  mojangdl: { version: 'string', target: 'string' },
  forgedl: { version: 'string', filename: 'string' },
  spongeforgedl: { releaseType: 'string' },
  fabricdl: { targetFile: 'string' },
  javadl: { version: 'integer' },
  steamgamedl: { appId: 'string' },
};

function invalid(field: string, why: string): OutpostError {
  return new OutpostError('ErrInvalidJson', `${field}: ${why}`, { field });
}

function fitsKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string' && value.length > 0;
    case 'string?':
      return value === undefined || typeof value === 'string';
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'boolean?':
      return value === undefined || typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value);
  }
}

/** Checks one list of steps; `where` names it in messages, e.g. "install" or "run.pre". */
export function validateSteps(steps: unknown, where: string): void {
  if (steps === undefined) return;
  if (!Array.isArray(steps)) throw invalid(where, 'must be a list of steps');
  steps.forEach((step, index) => {
    const at = `${where}[${index}]`;
    if (!isRecord(step)) throw invalid(at, 'must be an object');
    if (!(STEP_TYPES as readonly unknown[]).includes(step.type)) {
      throw invalid(`${at}.type`, `unknown step type ${JSON.stringify(step.type)}; expected one of ${STEP_TYPES.join(', ')}`);
    }
    for (const [field, kind] of Object.entries(STEP_FIELDS[step.type as keyof typeof STEP_FIELDS])) {
      if (!fitsKind(step[field], kind)) throw invalid(`${at}.${field}`, `invalid or missing for a ${String(step.type)} step`);
    }
  });
}

function validateStringMap(value: unknown, field: string, checkNames: boolean): void {
  if (value === undefined) return;
  if (!isRecord(value)) throw invalid(field, 'must be an object of names to text');
  for (const [name, text] of Object.entries(value)) {
    if (checkNames && !isValidVariableName(name)) throw badName(name, field);
    if (typeof text !== 'string') throw invalid(`${field}.${name}`, 'must be text');
  }
}

/** Spec section 5: "variable name cannot be empty or contain spaces" (also for environment variables). */
function badName(name: string, field: string): OutpostError {
  const msg = 'variable name cannot be empty or contain spaces';
  return name.length === 0
    ? new OutpostError('ErrFieldRequired', msg, { field })
    : new OutpostError('ErrFieldHasURICharacters', msg, { field, name });
}

function validateVariables(data: unknown): void {
  if (data === undefined) return;
  if (!isRecord(data)) throw invalid('data', 'must be an object of variables');
  for (const [name, variable] of Object.entries(data)) {
    if (!isValidVariableName(name)) throw badName(name, 'data');
    const at = `data.${name}`;
    if (!isRecord(variable)) throw invalid(at, 'must be an object');
    if (variable.type !== undefined && !(VARIABLE_TYPES as readonly unknown[]).includes(variable.type)) {
      throw invalid(`${at}.type`, `must be one of ${VARIABLE_TYPES.join(', ')}`);
    }
    if (variable.options !== undefined) {
      const ok = Array.isArray(variable.options) && variable.options.every((o) => isRecord(o) && 'value' in o);
      if (!ok) throw invalid(`${at}.options`, 'must be a list of {value, display}');
    }
    for (const flag of ['required', 'userEdit'] as const) {
      if (variable[flag] !== undefined && typeof variable[flag] !== 'boolean') throw invalid(`${at}.${flag}`, 'must be true or false');
    }
  }
}

/** Checks one environment config (spec "Environments"). */
export function validateEnvironment(env: unknown, field: string): void {
  if (!isRecord(env)) throw invalid(field, 'must be an object');
  if (!(ENVIRONMENT_TYPES as readonly unknown[]).includes(env.type)) {
    throw invalid(`${field}.type`, `must be one of ${ENVIRONMENT_TYPES.join(', ')}`);
  }
  if (env.type !== 'docker') return;
  for (const key of ['image', 'networkName'] as const) {
    if (env[key] !== undefined && typeof env[key] !== 'string') throw invalid(`${field}.${key}`, 'must be text');
  }
  if (env.networkMode !== undefined && !(NETWORK_MODES as readonly unknown[]).includes(env.networkMode)) {
    throw invalid(`${field}.networkMode`, `must be one of ${NETWORK_MODES.join(', ')}`);
  }
  validateStringMap(env.bindings, `${field}.bindings`, false);
  if (env.portBindings !== undefined) {
    if (!Array.isArray(env.portBindings)) throw invalid(`${field}.portBindings`, 'must be a list');
    for (const text of env.portBindings) {
      if (typeof text !== 'string' || !parsePortBinding(text)) {
        throw invalid(`${field}.portBindings`, `${JSON.stringify(text)} is not host:outsidePort:insidePort/protocol`);
      }
    }
  }
}

/**
 * Throws the first problem of a (normalised) definition: ErrFieldRequired when run.command is
 * missing, the variable-name errors of spec section 5, and ErrInvalidJson with the field named
 * in msg and metadata for any other shape problem (unknown step, variable or environment type,
 * an environment type listed twice, ...).
 */
export function validateDefinition(def: unknown): asserts def is ServerDefinition {
  if (!isRecord(def)) throw invalid('definition', 'must be an object');
  for (const key of ['id', 'name', 'display', 'type', 'readme'] as const) {
    if (def[key] !== undefined && typeof def[key] !== 'string') throw invalid(key, 'must be text');
  }
  const run = def.run;
  if (!isRecord(run)) throw new OutpostError('ErrFieldRequired', 'run.command is required', { field: 'run.command' });
  const command = run.command;
  const hasCommand =
    (typeof command === 'string' && command.trim().length > 0) ||
    (Array.isArray(command) && command.length > 0 && command.every((part) => typeof part === 'string') && command[0] !== '');
  if (!hasCommand) throw new OutpostError('ErrFieldRequired', 'run.command is required', { field: 'run.command' });
  if (run.stop !== undefined && typeof run.stop !== 'string') throw invalid('run.stop', 'must be text');
  if (run.stopCode !== undefined && !(Number.isInteger(run.stopCode) && (run.stopCode as number) >= 0)) {
    throw invalid('run.stopCode', 'must be a signal number');
  }
  if (run.workingDirectory !== undefined && typeof run.workingDirectory !== 'string') throw invalid('run.workingDirectory', 'must be text');
  for (const flag of ['autostart', 'autorestart', 'autorecover'] as const) {
    if (run[flag] !== undefined && typeof run[flag] !== 'boolean') throw invalid(`run.${flag}`, 'must be true or false');
  }
  validateSteps(run.pre, 'run.pre');
  validateSteps(run.post, 'run.post');
  validateStringMap(run.environmentVars, 'run.environmentVars', true);
  validateSteps(def.install, 'install');
  validateVariables(def.data);

  if (def.environment !== undefined) validateEnvironment(def.environment, 'environment');
  if (def.supportedEnvironments !== undefined) {
    if (!Array.isArray(def.supportedEnvironments)) throw invalid('supportedEnvironments', 'must be a list');
    const seen = new Set<unknown>();
    def.supportedEnvironments.forEach((env, index) => {
      validateEnvironment(env, `supportedEnvironments[${index}]`);
      const type = (env as { type: string }).type;
      if (seen.has(type)) throw invalid('supportedEnvironments', `environment type ${type} appears more than once`);
      seen.add(type);
    });
  }

  const req = def.requirements;
  if (req !== undefined) {
    if (!isRecord(req)) throw invalid('requirements', 'must be an object');
    for (const key of ['os', 'arch'] as const) {
      if (req[key] !== undefined && typeof req[key] !== 'string') throw invalid(`requirements.${key}`, 'must be text');
    }
    if (req.binaries !== undefined && !(Array.isArray(req.binaries) && req.binaries.every((b) => typeof b === 'string'))) {
      throw invalid('requirements.binaries', 'must be a list of program names');
    }
  }
}
