import { describe, expect, it } from 'vitest';
import { applyOverlay, moveItem, removeItem } from './listEdit';

describe('list edits of the template editor', () => {
  it('moves an item one place up or down and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('applies an overlay by replacing the edited item or appending the new one', () => {
    expect(applyOverlay(['a', 'b'], { index: 1, draft: 'B' })).toEqual(['a', 'B']);
    expect(applyOverlay(['a', 'b'], { index: null, draft: 'c' })).toEqual(['a', 'b', 'c']);
    expect(removeItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});
