import { describe, expect, it } from 'vitest';
import { OutpostError } from '../errors.js';
import { applyVariableValues, checkedVariableValues, coerceVariableValue, MAX_VARIABLE_TEXT } from './coerceVariableValue.js';
import { checkDefinitionValues } from './checkDefinitionValues.js';
import type { Variable } from '../contract/definition.js';

const option: Variable = { type: 'option', required: true, options: [{ value: 'survival', display: 'Survival' }, { value: 1, display: 'One' }] };

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof OutpostError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('coerceVariableValue', () => {
  it('reads integers from numbers and whole-number text', () => {
    expect(coerceVariableValue('port', { type: 'integer' }, '25565')).toBe(25565);
    expect(coerceVariableValue('port', { type: 'integer' }, -3)).toBe(-3);
    expect(failure(() => coerceVariableValue('port', { type: 'integer', display: 'Port' }, '25.5'))).toBe('ErrInvalidVariable: Port must be a whole number');
    expect(failure(() => coerceVariableValue('port', { type: 'integer' }, 'abc'))).toMatch(/whole number/);
  });

  it('reads booleans from true/false and form-style text', () => {
    expect(coerceVariableValue('eula', { type: 'boolean' }, 'true')).toBe(true);
    expect(coerceVariableValue('eula', { type: 'boolean' }, 'off')).toBe(false);
    expect(coerceVariableValue('eula', { type: 'boolean' }, '')).toBe(false);
    expect(failure(() => coerceVariableValue('eula', { type: 'boolean' }, 'maybe'))).toMatch(/must be true or false/);
  });

  it('accepts only the options of an option variable', () => {
    expect(coerceVariableValue('mode', option, 'survival')).toBe('survival');
    expect(coerceVariableValue('mode', option, '1')).toBe(1);
    expect(failure(() => coerceVariableValue('mode', option, 'creative'))).toBe('ErrInvalidVariable: mode must be one of: survival, 1');
  });

  it('takes text on one line only, up to its limit, so a value cannot add lines to a command or a file', () => {
    const motd: Variable = { display: 'Message' };
    expect(coerceVariableValue('motd', motd, 'tab\tand "quotes" $(kept)')).toBe('tab\tand "quotes" $(kept)');
    for (const value of ['a\nb', 'a\rb', 'a\0b', '\u001b[2J', 'a\u007f']) {
      expect(failure(() => coerceVariableValue('motd', motd, value))).toBe('ErrInvalidVariable: Message must be text on one line, without control characters');
    }
    expect(coerceVariableValue('motd', motd, 'x'.repeat(MAX_VARIABLE_TEXT))).toHaveLength(MAX_VARIABLE_TEXT);
    expect(failure(() => coerceVariableValue('motd', motd, 'x'.repeat(MAX_VARIABLE_TEXT + 1)))).toMatch(/^ErrInvalidVariable: Message must be text of at most/);
    expect(failure(() => coerceVariableValue('motd', motd, { a: 1 }))).toBe('ErrInvalidVariable: Message must be text');
  });

  it('requires a value for required variables only', () => {
    expect(failure(() => coerceVariableValue('motd', { display: 'Message' }, ''))).toBe('ErrFieldRequired: Message is required');
    expect(coerceVariableValue('motd', { required: false }, '')).toBeUndefined();
    expect(coerceVariableValue('motd', {}, 42)).toBe('42');
  });
});

describe('applyVariableValues', () => {
  const data: Record<string, Variable> = { port: { type: 'integer', value: 1 }, secret: { value: 'a', userEdit: false } };

  it('updates values in their types and leaves the rest', () => {
    expect(applyVariableValues(data, { port: '8080' }, false)).toEqual({ port: { type: 'integer', value: 8080 }, secret: { value: 'a', userEdit: false } });
  });

  it('refuses non-admins changing variables that are not user-editable, and unknown names', () => {
    expect(failure(() => applyVariableValues(data, { secret: 'b' }, false))).toMatch(/^ErrNoPermission/);
    expect(applyVariableValues(data, { secret: 'b' }, true).secret?.value).toBe('b');
    expect(failure(() => applyVariableValues(data, { nope: 1 }, true))).toMatch(/^ErrInvalidJson: nope is not a variable/);
  });
});

describe('checking stored values before a run', () => {
  it('answers the values in their types and refuses one edited by hand to an invalid value', () => {
    expect(checkedVariableValues({ port: { type: 'integer', value: '25565' }, motd: { value: '' }, on: { type: 'boolean', value: 'yes' } })).toEqual({ port: 25565, motd: '', on: true });
    expect(failure(() => checkedVariableValues({ motd: { value: 'a\nstop' } }))).toMatch(/^ErrInvalidVariable/);
    expect(failure(() => checkedVariableValues({ mode: { ...option, value: 'creative' } }))).toMatch(/^ErrInvalidVariable/);
  });

  it('checks each value where the run command and command steps put it, built-ins over the data', () => {
    const def = {
      run: { command: 'node "${main}"' },
      install: [{ type: 'command' as const, commands: ["sh -c 'git clone \"${repo}\" .'"] }],
      data: { main: { value: 'index.js' }, repo: { value: '' }, rootDir: { value: '-x' } },
    };
    expect(checkDefinitionValues(def, { rootDir: '/srv/a' })).toEqual({ main: 'index.js', repo: '', rootDir: '/srv/a' });
    expect(failure(() => checkDefinitionValues({ ...def, data: { ...def.data, main: { value: '-e' } } }))).toMatch(/^ErrInvalidVariable: main must be a value that does not start with "-"/);
    expect(failure(() => checkDefinitionValues({ ...def, data: { ...def.data, repo: { value: '--upload-pack=x' } } }))).toMatch(/^ErrInvalidVariable: repo/);
  });
});
