import { describe, expect, it } from 'vitest';
import { OutpostError } from '../errors.js';
import { QUERY_TYPES } from '../contract/gameQuery.js';
import { validateDefinition } from './validateDefinition.js';

function problemOf(def: unknown): string | undefined {
  try {
    validateDefinition(def);
  } catch (error) {
    return error instanceof OutpostError ? `${error.code} ${String(error.metadata?.field)}: ${error.message}` : String(error);
  }
  return undefined;
}

const withQuery = (query: unknown) => ({ run: { command: 'x' }, data: { 'server-port': { type: 'integer', value: 25565 } }, query });

describe("a definition's game query", () => {
  it('takes each supported type with a port number or the name of a variable', () => {
    for (const type of QUERY_TYPES) expect(problemOf(withQuery({ type, port: 'server-port' }))).toBeUndefined();
    expect(problemOf(withQuery({ type: 'mbe', port: 19132 }))).toBeUndefined();
  });

  it('refuses a type gamedig does not have or Outpost does not support, naming query.type', () => {
    expect(problemOf(withQuery({ type: 'quake9', port: 1 }))).toMatch(/^ErrInvalidJson query\.type: query\.type: must be one of minecraft, mbe/);
    expect(problemOf(withQuery({ type: 'factorio', port: 34197 }))).toMatch(/^ErrInvalidJson query\.type/);
  });

  it('refuses a port out of range, missing, or naming no variable, naming query.port', () => {
    expect(problemOf(withQuery({ type: 'minecraft', port: 70000 }))).toMatch(/^ErrInvalidJson query\.port/);
    expect(problemOf(withQuery({ type: 'minecraft' }))).toMatch(/^ErrInvalidJson query\.port/);
    expect(problemOf(withQuery({ type: 'minecraft', port: 'rcon-port' }))).toBe('ErrInvalidJson query.port: query.port: no variable named "rcon-port" holds the port');
  });
});
