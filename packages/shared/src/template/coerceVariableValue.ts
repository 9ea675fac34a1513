import { OutpostError } from '../errors.js';
import type { Variable, VariableValue } from '../contract/definition.js';

/** The longest text a string variable holds: far above any real value, far below what one argument may carry. */
export const MAX_VARIABLE_TEXT = 32_768;

/** Line breaks, NUL and other control characters (tab is allowed). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/**
 * A value that does not fit its variable: ErrInvalidVariable, whose message the web app shows as
 * "{name} must be {expected}". metadata.name is the label users see, metadata.field the variable.
 */
export function invalidVariable(field: string, variable: Variable | undefined, expected: string): OutpostError {
  const name = variable?.display || field;
  return new OutpostError('ErrInvalidVariable', `${name} must be ${expected}`, { name, expected, field });
}

/**
 * Checks a value a user set for a variable and answers it in the variable's type: integers
 * from text like "25565", booleans from true/false (also "true"/"false", "1"/"0", "on"/"off"
 * as HTML forms send them), option values only from the variable's options (matched as text, so
 * "1" picks an option whose value is 1), text on one line of at most MAX_VARIABLE_TEXT
 * characters: a value reaches commands and configuration files, where a line break would add a
 * line of its own. A required variable refuses an empty value with ErrFieldRequired; other
 * problems answer ErrInvalidVariable.
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
      if (!Number.isSafeInteger(number)) throw invalidVariable(name, variable, 'a whole number');
      return number;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      if (['true', '1', 'on', 'yes'].includes(text)) return true;
      if (['false', '0', 'off', 'no'].includes(text)) return false;
      throw invalidVariable(name, variable, 'true or false');
    }
    case 'option': {
      const match = (variable.options ?? []).find((option) => String(option.value) === String(value));
      if (!match) {
        const allowed = (variable.options ?? []).map((option) => String(option.value)).join(', ');
        throw invalidVariable(name, variable, `one of: ${allowed}`);
      }
      return match.value;
    }
    case 'string':
    default: {
      if (typeof value === 'object') throw invalidVariable(name, variable, 'text');
      const text = String(value);
      if (CONTROL_CHARACTERS.test(text)) throw invalidVariable(name, variable, 'text on one line, without control characters');
      if (text.length > MAX_VARIABLE_TEXT) throw invalidVariable(name, variable, `text of at most ${MAX_VARIABLE_TEXT} characters`);
      return text;
    }
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

/**
 * The values of a server's data checked again by type, as they are about to be used (the daemon
 * trusts no one: a definition file may have been edited by hand). Answers the values in their
 * types, without the empty ones a run may leave out; throws ErrInvalidVariable for the first
 * value that does not fit.
 */
export function checkedVariableValues(data: Record<string, Variable> | undefined): Record<string, VariableValue> {
  const values: Record<string, VariableValue> = {};
  for (const [name, variable] of Object.entries(data ?? {})) {
    if (variable.value === undefined || variable.value === null) continue;
    const value = coerceVariableValue(name, { ...variable, required: false }, variable.value);
    values[name] = value ?? '';
  }
  return values;
}
