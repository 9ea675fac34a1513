import { OutpostError } from '../errors.js';
import { convertV1Template } from './convertV1Template.js';
import { normalizeDefinition } from './normalizeDefinition.js';
import { validateDefinition } from './validateDefinition.js';
import type { ServerDefinition } from '../contract/definition.js';

/**
 * The one way in for a definition from outside (a saved template, a server file, a request
 * body): converts version 1, normalises, validates. Throws the errors of validateDefinition.
 */
export function readDefinition(value: unknown): ServerDefinition {
  const def = normalizeDefinition(convertV1Template(value));
  validateDefinition(def);
  return def;
}

/** readDefinition for JSON text; text that is not JSON answers ErrInvalidJson. */
export function parseDefinition(text: string): ServerDefinition {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new OutpostError('ErrInvalidJson', `The json data is invalid: ${(error as Error).message}`);
  }
  return readDefinition(value);
}
