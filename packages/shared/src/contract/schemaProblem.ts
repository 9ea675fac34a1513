import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Where a value breaks its schema, in the words of this project's messages: `install[0].type`, "must be text". */
export interface SchemaProblem {
  field: string;
  why: string;
}

/** How the problems of a union tagged by `type` read, where the spec has its own wording. */
export interface TaggedUnionWords {
  /** For a `type` the union does not know. */
  unknown(tag: unknown, known: readonly string[]): string;
  /** For any problem inside a known branch; the generic wording when left out. */
  invalid?(tag: string): string;
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

// Not a type guard: a failed check must not narrow the value to never.
const fits = (schema: TSchema, value: unknown): boolean => Value.Check(schema, value);

const join = (base: string, key: string) => (base === '' ? key : `${base}.${key}`);

/** The tags of a union whose every branch is an object with a constant `type`, else undefined. */
function tagsOf(schema: TSchema): string[] | undefined {
  const branches = (schema as { anyOf?: unknown }).anyOf;
  if (!Array.isArray(branches)) return undefined;
  const tags = branches.map((branch) => (branch as { properties?: { type?: { const?: unknown } } }).properties?.type?.const);
  return tags.every((tag) => typeof tag === 'string') ? (tags as string[]) : undefined;
}

function describe(schema: TSchema): string {
  const s = schema as { description?: string; type?: string; anyOf?: unknown };
  if (s.description) return `must be ${s.description}`;
  switch (s.type) {
    case 'string':
      return 'must be text';
    case 'boolean':
      return 'must be true or false';
    case 'integer':
      return 'must be a whole number';
    case 'number':
      return 'must be a number';
    case 'array':
      return 'must be a list';
    case 'object':
      return 'must be an object';
    default:
      return 'has the wrong type';
  }
}

/**
 * The first problem of `value` against `schema`, or undefined when it conforms. It walks down
 * to the innermost part that fails (a property, a list item, a map entry), and enters a union
 * tagged by `type` through the branch its tag names, so the answer speaks of that branch.
 */
export function schemaProblem(schema: TSchema, value: unknown, words: ReadonlyMap<TSchema, TaggedUnionWords> = new Map(), field = ''): SchemaProblem | undefined {
  if (fits(schema, value)) return undefined;
  const s = schema as { properties?: Record<string, TSchema>; required?: string[]; additionalProperties?: boolean | TSchema; items?: TSchema };
  // A map (MapOf): every entry not named in properties has this schema.
  const entries = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;

  const tags = tagsOf(schema);
  if (tags) {
    if (!isNode(value)) return { field, why: 'must be an object' };
    const wording = words.get(schema);
    const index = tags.indexOf(value.type as string);
    if (index < 0) return { field: join(field, 'type'), why: wording ? wording.unknown(value.type, tags) : `must be one of ${tags.join(', ')}` };
    const inner = schemaProblem((schema as unknown as { anyOf: TSchema[] }).anyOf[index]!, value, words, field);
    return inner && wording?.invalid ? { field: inner.field, why: wording.invalid(tags[index]!) } : inner;
  }
  if (isNode(value) && (s.properties || entries)) {
    for (const [key, part] of Object.entries(s.properties ?? {})) {
      if (value[key] === undefined) {
        if (s.required?.includes(key)) return { field: join(field, key), why: 'is required' };
      } else if (!fits(part, value[key])) return schemaProblem(part, value[key], words, join(field, key));
    }
    for (const [key, entry] of Object.entries(value)) {
      if (entries && !Object.hasOwn(s.properties ?? {}, key) && !fits(entries, entry)) return schemaProblem(entries, entry, words, join(field, key));
    }
  }
  if (Array.isArray(value) && s.items) {
    const index = value.findIndex((item) => !fits(s.items!, item));
    if (index >= 0) return schemaProblem(s.items, value[index], words, `${field}[${index}]`);
  }
  // Here the value itself is wrong, not a part of it.
  const error = Value.Errors(schema, value)[0];
  switch (error?.keyword) {
    case 'enum':
      return { field, why: `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` };
    case 'minLength':
      return { field, why: 'must not be empty' };
    default:
      return { field, why: describe(schema) };
  }
}
