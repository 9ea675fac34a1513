import { describe, expect, it } from 'vitest';
import { normalizeDefinition, normalizeStep, normalizeVariable } from './normalizeDefinition.js';

describe('normalizeDefinition', () => {
  it('turns a single download file and a single command into lists', () => {
    expect(normalizeStep({ type: 'download', files: 'https://x.test/a.zip' })).toEqual({ type: 'download', files: ['https://x.test/a.zip'] });
    expect(normalizeStep({ type: 'command', commands: 'echo hi' })).toEqual({ type: 'command', commands: ['echo hi'] });
    expect(normalizeStep({ type: 'command', commands: ['a', 'b'] })).toEqual({ type: 'command', commands: ['a', 'b'] });
  });

  it('does so in install, pre and post', () => {
    const def = normalizeDefinition({
      install: [{ type: 'download', files: 'u' }],
      run: { command: 'x', pre: [{ type: 'command', commands: 'p' }], post: [{ type: 'command', commands: 'q' }] },
    });
    expect(def.install).toEqual([{ type: 'download', files: ['u'] }]);
    expect(def.run.pre).toEqual([{ type: 'command', commands: ['p'] }]);
    expect(def.run.post).toEqual([{ type: 'command', commands: ['q'] }]);
  });

  it('fills variable defaults: string, required, user-editable', () => {
    expect(normalizeVariable({ value: 'x' })).toEqual({ type: 'string', required: true, userEdit: true, value: 'x' });
    expect(normalizeVariable({ type: 'integer', required: false, userEdit: false })).toEqual({ type: 'integer', required: false, userEdit: false });
  });

  it('gives an option variable an empty options list when it has none', () => {
    expect(normalizeVariable({ type: 'option' }).options).toEqual([]);
    expect(normalizeVariable({ type: 'option', options: [{ value: 1, display: 'one' }] }).options).toHaveLength(1);
  });

  it('reads a javadl version written as text as a number', () => {
    expect(normalizeStep({ type: 'javadl', version: '17' })).toEqual({ type: 'javadl', version: 17 });
  });

  it('prefers the stop code when both stop and stopCode are given', () => {
    expect(normalizeDefinition({ run: { command: 'x', stop: 'stop', stopCode: 9 } }).run).toEqual({ command: 'x', stopCode: 9 });
  });

  it('does not modify its input', () => {
    const input = { run: { command: 'x', pre: [{ type: 'command', commands: 'a' }] }, data: { a: {} } };
    const copy = structuredClone(input);
    normalizeDefinition(input);
    expect(input).toEqual(copy);
  });
});
