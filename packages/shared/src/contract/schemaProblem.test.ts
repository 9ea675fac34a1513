import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { MapOf } from './common.js';
import { schemaProblem } from './schemaProblem.js';

const Pet = Type.Union([
  Type.Object({ type: Type.Literal('cat'), lives: Type.Integer() }),
  Type.Object({ type: Type.Literal('dog'), name: Type.String({ minLength: 1 }) }),
]);
const Owner = Type.Object({
  name: Type.String(),
  pets: Type.Optional(Type.Array(Pet)),
  tags: Type.Optional(MapOf(Type.Enum(['a', 'b']))),
  age: Type.Optional(Type.Integer({ minimum: 0, description: 'an age in years' })),
});

describe('schemaProblem', () => {
  it('answers nothing for a value that fits', () => {
    expect(schemaProblem(Owner, { name: 'x', pets: [{ type: 'cat', lives: 9 }], tags: { k: 'a' } })).toBeUndefined();
  });

  it('names the innermost part that fails, as people write paths', () => {
    expect(schemaProblem(Owner, {})).toEqual({ field: 'name', why: 'is required' });
    expect(schemaProblem(Owner, { name: 1 })).toEqual({ field: 'name', why: 'must be text' });
    expect(schemaProblem(Owner, { name: 'x', tags: { k: 'c' } })).toEqual({ field: 'tags.k', why: 'must be one of a, b' });
    expect(schemaProblem(Owner, { name: 'x', age: -1 })).toEqual({ field: 'age', why: 'must be an age in years' });
    expect(schemaProblem(Owner, { name: 'x', pets: 'cat' })).toEqual({ field: 'pets', why: 'must be a list' });
  });

  it('enters a tagged union through the branch its type names', () => {
    expect(schemaProblem(Owner, { name: 'x', pets: [{ type: 'cat', lives: 9 }, { type: 'dog', name: '' }] })).toEqual({ field: 'pets[1].name', why: 'must not be empty' });
    expect(schemaProblem(Owner, { name: 'x', pets: [{ type: 'cow' }] })).toEqual({ field: 'pets[0].type', why: 'must be one of cat, dog' });
    expect(schemaProblem(Owner, { name: 'x', pets: [7] })).toEqual({ field: 'pets[0]', why: 'must be an object' });
    const words = new Map([[Pet, { unknown: (tag: unknown) => `no pet called ${String(tag)}`, invalid: (tag: string) => `not a good ${tag}` }]]);
    expect(schemaProblem(Owner, { name: 'x', pets: [{ type: 'cow' }] }, words)).toEqual({ field: 'pets[0].type', why: 'no pet called cow' });
    expect(schemaProblem(Owner, { name: 'x', pets: [{ type: 'cat' }] }, words)).toEqual({ field: 'pets[0].lives', why: 'not a good cat' });
  });
});
