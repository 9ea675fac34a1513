import { OutpostError, readDefinition, type ServerDefinition } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';

/** Reads a definition from outside; anything wrong with it is the spec's 400 ErrInvalidJson. */
export function templateDefinition(value: unknown): ServerDefinition {
  try {
    return readDefinition(value);
  } catch (error) {
    if (error instanceof OutpostError && error.status === 400 && error.code !== 'ErrInvalidJson') {
      throw new OutpostError('ErrInvalidJson', error.message, { reason: error.code, ...error.metadata });
    }
    throw error;
  }
}

/** Validates and stores a template under `id` (its own id inside the definition follows). */
export async function saveTemplate(repo: Repositories, id: string, value: unknown): Promise<ServerDefinition> {
  const definition = { ...templateDefinition(value), id };
  await repo.templates.save({
    id,
    name: definition.name || id,
    display: definition.display || definition.name || id,
    type: definition.type || '',
    definition: JSON.stringify(definition),
  });
  return definition;
}
