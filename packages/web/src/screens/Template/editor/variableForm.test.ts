import { describe, expect, it } from 'vitest';
import { emptyVariable, variableProblems, withVariableType } from './variableForm';

describe('the variable form', () => {
  it('starts with the spec defaults', () => {
    expect(emptyVariable()).toEqual({ name: '', type: 'string', required: true, userEdit: true });
  });

  it('gives a variable that becomes an option an empty options list, and keeps one it has', () => {
    expect(withVariableType({ name: 'v', type: 'string' }, 'option').options).toEqual([]);
    const options = [{ value: 'a' }];
    expect(withVariableType({ name: 'v', type: 'string', options }, 'option').options).toBe(options);
  });

  it('drops a default that does not fit the new type', () => {
    expect(withVariableType({ name: 'v', type: 'string', value: 'x' }, 'boolean').value).toBeUndefined();
    expect(withVariableType({ name: 'v', type: 'integer', value: 5 }, 'string').value).toBe(5);
    expect(withVariableType({ name: 'v', type: 'boolean', value: true }, 'integer').value).toBeUndefined();
  });

  it('refuses an empty name, one with spaces, one in use, blank option values and a fraction for an integer', () => {
    expect(variableProblems({ name: '' }, [])).toEqual({ name: 'nameInvalid' });
    expect(variableProblems({ name: 'a b' }, [])).toEqual({ name: 'nameInvalid' });
    expect(variableProblems({ name: 'port' }, ['port'])).toEqual({ name: 'nameTaken' });
    expect(variableProblems({ name: 'v', type: 'option', options: [{ value: 'a' }, { value: ' ' }] }, [])).toEqual({ 'options.1': 'required' });
    expect(variableProblems({ name: 'v', type: 'integer', value: 1.5 }, [])).toEqual({ value: 'integer' });
    expect(variableProblems({ name: 'memory', type: 'integer', value: 1024 }, ['port'])).toEqual({});
  });
});
