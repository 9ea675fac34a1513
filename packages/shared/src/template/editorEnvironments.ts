import { ENVIRONMENT_TYPES } from './types.js';
import type { EnvironmentType, TemplateEditorForm } from './types.js';
import type { EnvironmentConfig } from '../contract/definition.js';

/** Environment types not yet in the list: what the editor's Add menu offers (none left hides Add). */
export function unusedEnvironmentTypes(envs: readonly EnvironmentConfig[]): EnvironmentType[] {
  const used = new Set(envs.map((env) => env.type));
  return ENVIRONMENT_TYPES.filter((type) => !used.has(type));
}

/**
 * Sets the supported environments of an editor form, re-pointing defaultEnv to the entry of the
 * same type (so it follows edits to that entry), or clearing it when no entry has that type.
 */
export function withSupportedEnvs(form: TemplateEditorForm, supportedEnvs: EnvironmentConfig[]): TemplateEditorForm {
  const next: TemplateEditorForm = { ...form, supportedEnvs };
  const match = form.defaultEnv && supportedEnvs.find((env) => env.type === form.defaultEnv!.type);
  if (match) next.defaultEnv = match;
  else delete next.defaultEnv;
  return next;
}
