import { isValidVariableName, normalizeVariable, type EditorVariable, type VariableType } from '@outpost/shared';

/** A new variable: the spec's defaults (string, required, user-editable) and no name yet. */
export function emptyVariable(): EditorVariable {
  return { name: '', ...normalizeVariable({}) };
}

/**
 * The variable with another type. Spec section 4: becoming an option creates an empty options
 * list if it has none. A default that does not fit the new type is dropped rather than coerced.
 */
export function withVariableType(variable: EditorVariable, type: VariableType): EditorVariable {
  const next: EditorVariable = { ...variable, type };
  if (type === 'option' && !Array.isArray(next.options)) next.options = [];
  const value = next.value;
  const fits =
    value === undefined ||
    (type === 'boolean' && typeof value === 'boolean') ||
    (type === 'integer' && Number.isInteger(value)) ||
    ((type === 'string' || type === 'option') && typeof value !== 'boolean');
  if (!fits) delete next.value;
  return next;
}

/** Why a variable cannot be saved, by field: catalogue keys under templateEditor.problems. */
export type VariableProblem = 'nameInvalid' | 'nameTaken' | 'required' | 'integer';

/** Spec section 5: the name is not empty and has no spaces, and no other variable has it; option values are not blank. */
export function variableProblems(variable: EditorVariable, otherNames: readonly string[]): Record<string, VariableProblem> {
  const problems: Record<string, VariableProblem> = {};
  if (!isValidVariableName(variable.name)) problems.name = 'nameInvalid';
  else if (otherNames.includes(variable.name)) problems.name = 'nameTaken';
  if (variable.type === 'integer' && variable.value !== undefined && !Number.isInteger(variable.value)) problems.value = 'integer';
  (variable.options ?? []).forEach((option, index) => {
    if (String(option.value).trim() === '') problems[`options.${index}`] = 'required';
  });
  return problems;
}
