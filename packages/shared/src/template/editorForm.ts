import { isRecord, normalizeDefinition } from './normalizeDefinition.js';
import type { EditorVariable, TemplateEditorForm } from './types.js';
import type { RunConfig, ServerDefinition, Variable } from '../contract/definition.js';

const KNOWN_TOP = new Set(['id', 'name', 'display', 'type', 'readme', 'install', 'run', 'data', 'environment', 'supportedEnvironments', 'requirements']);
const KNOWN_RUN = new Set(['stop', 'stopCode', 'command', 'workingDirectory', 'pre', 'post', 'environmentVars', 'autostart', 'autorestart', 'autorecover']);

function unknownKeys(source: Record<string, unknown>, known: Set<string>): Record<string, unknown> | undefined {
  const entries = Object.entries(source).filter(([key]) => !known.has(key));
  return entries.length ? Object.fromEntries(entries) : undefined;
}

function copyOptional<T extends object, K extends keyof T>(target: Partial<T>, source: T, keys: readonly K[]): void {
  for (const key of keys) if (source[key] !== undefined) target[key] = source[key];
}

/**
 * API form to editor form: the run section is flattened, stop/stopCode become one
 * {type, value}, the data map becomes a list of named variables (map order kept), and keys the
 * editor does not know travel in `extra`. The definition is normalised first.
 */
export function toEditorForm(definition: ServerDefinition): TemplateEditorForm {
  const def = normalizeDefinition(definition);
  const run: RunConfig = def.run;
  const form: TemplateEditorForm = {
    command: run.command,
    pre: run.pre ?? [],
    post: run.post ?? [],
    envVars: run.environmentVars ?? {},
    vars: Object.entries(def.data ?? {}).map(([name, variable]): EditorVariable => ({ name, ...variable })),
    install: def.install ?? [],
    supportedEnvs: def.supportedEnvironments ?? [],
    autostart: run.autostart === true,
    autorestart: run.autorestart === true,
    autorecover: run.autorecover === true,
  };
  copyOptional(form, def, ['id', 'name', 'display', 'type', 'readme', 'requirements'] as const);
  if (run.workingDirectory !== undefined) form.workingDirectory = run.workingDirectory;
  if (run.stopCode !== undefined) form.stop = { type: 'signal', value: run.stopCode };
  else if (run.stop !== undefined) form.stop = { type: 'command', value: run.stop };
  if (def.environment !== undefined) form.defaultEnv = def.environment;

  const extraTop = unknownKeys(def as unknown as Record<string, unknown>, KNOWN_TOP);
  const extraRun = isRecord(def.run) ? unknownKeys(def.run as unknown as Record<string, unknown>, KNOWN_RUN) : undefined;
  if (extraTop || extraRun) form.extra = { ...(extraTop && { definition: extraTop }), ...(extraRun && { run: extraRun }) };
  return form;
}

/**
 * Editor form to API form, the inverse of toEditorForm: toApiForm(toEditorForm(d)) equals
 * normalizeDefinition(d), and the editor form survives the way back likewise. A signal stop
 * whose value is text (as a form field gives it) is stored as a number.
 */
export function toApiForm(form: TemplateEditorForm): ServerDefinition {
  const run: RunConfig = { ...(form.extra?.run ?? {}), command: form.command } as RunConfig;
  if (form.workingDirectory !== undefined) run.workingDirectory = form.workingDirectory;
  if (form.stop?.type === 'signal') run.stopCode = Number(form.stop.value);
  else if (form.stop?.type === 'command') run.stop = String(form.stop.value);
  run.pre = form.pre;
  run.post = form.post;
  run.environmentVars = form.envVars;
  run.autostart = form.autostart;
  run.autorestart = form.autorestart;
  run.autorecover = form.autorecover;

  const def: ServerDefinition = { ...(form.extra?.definition ?? {}), run } as ServerDefinition;
  copyOptional(def, form, ['id', 'name', 'display', 'type', 'readme', 'requirements'] as const);
  def.install = form.install;
  def.data = Object.fromEntries(
    form.vars.map(({ name, ...variable }): [string, Variable] => [name, variable]),
  );
  if (form.defaultEnv !== undefined) def.environment = form.defaultEnv;
  def.supportedEnvironments = form.supportedEnvs;
  return normalizeDefinition(def);
}
