import { OutpostError } from '../errors.js';
import type { Variable, VariableValue } from './types.js';

function invalidValue(name: string, why: string): OutpostError {
  return new OutpostError('ErrInvalidJson', `${name} ${why}`, { field: name });
}

/**
 * Checks a value a user set for a variable and answers it in the variable's type: integers
 * from text like "25565", booleans from true/false (also "true"/"false", "1"/"0", "on"/"off"
 * as HTML forms send them), option values only from the variable's options (matched as text, so
 * "1" picks an option whose value is 1). A required variable refuses an empty value with
 * ErrFieldRequired; other problems answer ErrInvalidJson naming the variable.
 */
export function coerceVariableValue(name: string, variable: Variable, value: unknown): VariableValue | undefined {
  const label = variable.display || name;
  const empty = value === undefined || value === null || value === '';
  if (empty) {
    if ((variable.required ?? true) && variable.type !== 'boolean') {
      throw new OutpostError('ErrFieldRequired', `${label} is required`, { field: label });
    }
    return variable.type === 'boolean' ? false : undefined;
  }
  switch (variable.type ?? 'string') {
    case 'integer': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(number)) throw invalidValue(label, 'must be a whole number');
      return number;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(text)) return true;
      if (['false', '0', 'off', 'no'].includes(text)) return false;
      throw invalidValue(label, 'must be true or false');
    }
    case 'option': {
      const match = (variable.options ?? []).find((option) => String(option.value) === String(value));
      if (!match) {
        const allowed = (variable.options ?? []).map((option) => String(option.value)).join(', ');
        throw invalidValue(label, `must be one of: ${allowed}`);
      }
      return match.value;
    }
    default:
      if (typeof value === 'object') throw invalidValue(label, 'must be text');
      return String(value);
  }
}

/**
 * Applies a map of new values to a server's data (as "update server data" does) and answers the
 * updated copy. Names that are not variables of the server are refused; with `asAdmin` false,
 * variables with userEdit false are refused too.
 */
export function applyVariableValues(
  data: Record<string, Variable>,
  values: Record<string, unknown>,
  asAdmin: boolean,
): Record<string, Variable> {
  const next: Record<string, Variable> = { ...data };
  for (const [name, value] of Object.entries(values)) {
    const variable = data[name];
    if (!variable) throw new OutpostError('ErrInvalidJson', `${name} is not a variable of this server`, { field: name });
    if (!asAdmin && variable.userEdit === false) {
      throw new OutpostError('ErrNoPermission', `${variable.display || name} can only be changed by an admin`, { field: name });
    }
    const coerced = coerceVariableValue(name, variable, value);
    const updated: Variable = { ...variable };
    if (coerced === undefined) delete updated.value;
    else updated.value = coerced;
    next[name] = updated;
  }
  return next;
}
