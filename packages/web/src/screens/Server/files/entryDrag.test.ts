import { describe, expect, it } from 'vitest';
import { draggedNames } from './entryDrag';

describe('dragging file rows', () => {
  it('takes the whole selection when the dragged row is ticked, else the row alone', () => {
    expect(draggedNames('a.txt', ['a.txt', 'world'])).toEqual(['a.txt', 'world']);
    expect(draggedNames('b.txt', ['a.txt', 'world'])).toEqual(['b.txt']);
  });
});
