import { buildCommand } from './buildCommand.js';
import { checkedVariableValues } from './coerceVariableValue.js';
import { normalizeStep } from './normalizeDefinition.js';
import type { ServerDefinition } from '../contract/definition.js';

/**
 * Checks the values of a server's data the way a run will use them: each by its type
 * (checkedVariableValues), then in every command line it reaches (the run command and each
 * command step of install, pre and post hooks, built as buildCommand builds them), so a value
 * that could be read as an option is refused when it is saved, not when the server starts.
 * Throws ErrInvalidVariable; answers the values in their types, `builtins` (serverId, rootDir...)
 * over them.
 */
export function checkDefinitionValues(def: ServerDefinition, builtins: Record<string, string> = {}): Record<string, unknown> {
  const variables: Record<string, unknown> = { ...checkedVariableValues(def.data), ...builtins };
  const steps = [...(def.install ?? []), ...(def.run.pre ?? []), ...(def.run.post ?? [])].map((step) => normalizeStep(step));
  const commands = [def.run.command, ...steps.flatMap((step) => (step.type === 'command' ? step.commands : []))];
  for (const command of commands) buildCommand(command, variables, def.data);
  return variables;
}
