import { describe, expect, it } from 'vitest';
import { mapOf, rowProblems, rowsOf } from './keyValueRows';

describe('the key/value editor', () => {
  it('turns a map into rows and back in the same order', () => {
    const map = { B: '2', A: '1' };
    expect(Object.keys(mapOf(rowsOf(map)))).toEqual(['B', 'A']);
    expect(mapOf(rowsOf(map))).toEqual(map);
  });

  it('leaves out blank keys and keeps the first of a repeated one', () => {
    expect(mapOf([{ key: '', value: 'x' }, { key: 'A', value: '1' }, { key: 'A', value: '2' }])).toEqual({ A: '1' });
  });

  it('names blank, spaced and repeated keys', () => {
    const rows = [{ key: 'A', value: '' }, { key: '', value: '' }, { key: 'B C', value: '' }, { key: 'A', value: '' }];
    expect(rowProblems(rows, { names: true })).toEqual({ 1: 'nameInvalid', 2: 'nameInvalid', 3: 'nameTaken' });
    expect(rowProblems(rows, { names: false })).toEqual({ 1: 'required', 3: 'nameTaken' });
  });
});
