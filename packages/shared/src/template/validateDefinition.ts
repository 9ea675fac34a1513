import type { TSchema } from 'typebox';
import { ServerDefinition, Step } from '../contract/definition.js';
import { schemaProblem, type TaggedUnionWords } from '../contract/schemaProblem.js';
import { OutpostError } from '../errors.js';
import { isIpAddress, isValidVariableName } from '../validators.js';
import { isRecord } from './normalizeDefinition.js';
import { parsePortBinding } from './portBinding.js';
import { DEFAULT_PORT_HOST } from './types.js';

function invalid(field: string, why: string): OutpostError {
  return new OutpostError('ErrInvalidJson', `${field}: ${why}`, { field });
}

// The spec's wording for steps (server-page.md "Processor (step) types").
const words = new Map<TSchema, TaggedUnionWords>([
  [
    Step,
    {
      unknown: (tag, known) => `unknown step type ${JSON.stringify(tag)}; expected one of ${known.join(', ')}`,
      invalid: (tag) => `invalid or missing for a ${tag} step`,
    },
  ],
]);

function hasCommand(run: unknown): boolean {
  const command = isRecord(run) ? run.command : undefined;
  return (
    (typeof command === 'string' && command.trim().length > 0) ||
    (Array.isArray(command) && command.length > 0 && command.every((part) => typeof part === 'string') && command[0] !== '')
  );
}

/** Spec section 5: "variable name cannot be empty or contain spaces" (also for environment variables). */
function checkNames(map: unknown, field: string): void {
  if (!isRecord(map)) return;
  const msg = 'variable name cannot be empty or contain spaces';
  for (const name of Object.keys(map)) {
    if (name.length === 0) throw new OutpostError('ErrFieldRequired', msg, { field });
    if (!isValidVariableName(name)) throw new OutpostError('ErrFieldHasURICharacters', msg, { field, name });
  }
}

// What a schema cannot say: port bindings whose ports are in range and whose host is {ip} or an
// IP address (the engine binds to addresses, not names), and each environment type once.
function checkEnvironment(env: ServerDefinition['environment'], field: string): void {
  if (env?.type !== 'docker') return;
  for (const text of env.portBindings ?? []) {
    const binding = parsePortBinding(text);
    if (!binding) throw invalid(`${field}.portBindings`, `${JSON.stringify(text)} is not host:outsidePort:insidePort/protocol`);
    if (binding.host !== DEFAULT_PORT_HOST && !isIpAddress(binding.host)) {
      throw new OutpostError('ErrFieldIsInvalidIP', `${field}.portBindings: host ${JSON.stringify(binding.host)} must be a valid IP or {ip}`, { field: `${field}.portBindings`, value: text });
    }
  }
}

// A query port named by variable must name one of the definition's: the node reads it at each ask.
function checkQuery(def: ServerDefinition): void {
  const port = def.query?.port;
  if (typeof port === 'string' && !isRecord(def.data?.[port])) throw invalid('query.port', `no variable named ${JSON.stringify(port)} holds the port`);
}

/**
 * Throws the first problem of a (normalised) definition: ErrFieldRequired when run.command is
 * missing, the variable-name errors of spec section 5, and ErrInvalidJson with the field named
 * in msg and metadata for anything that does not fit the ServerDefinition schema (unknown step,
 * variable or environment type, ...) or that a schema cannot say (an environment type listed
 * twice, a port out of range), and ErrFieldIsInvalidIP for a port binding's host that is no IP.
 */
export function validateDefinition(def: unknown): asserts def is ServerDefinition {
  if (!isRecord(def)) throw invalid('definition', 'must be an object');
  if (!hasCommand(def.run)) throw new OutpostError('ErrFieldRequired', 'run.command is required', { field: 'run.command' });
  checkNames(def.data, 'data');
  if (isRecord(def.run)) checkNames(def.run.environmentVars, 'run.environmentVars');

  const problem = schemaProblem(ServerDefinition, def, words);
  if (problem) throw invalid(problem.field, problem.why);

  const checked = def as ServerDefinition;
  checkQuery(checked);
  checkEnvironment(checked.environment, 'environment');
  const seen = new Set<string>();
  (checked.supportedEnvironments ?? []).forEach((env, index) => {
    checkEnvironment(env, `supportedEnvironments[${index}]`);
    if (seen.has(env.type)) throw invalid('supportedEnvironments', `environment type ${env.type} appears more than once`);
    seen.add(env.type);
  });
}
