import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { validationError } from '../../plugins/errors.js';

/** The `.../anyOf/N` a schema path runs through, when it does. */
const branchOf = (schemaPath: string) => /^(.*\/anyOf\/\d+)\//.exec(schemaPath)?.[1];

/**
 * The schema error of a route that takes a backup storage. A storage is one of two shapes, and the
 * schema reports the failures of both: S3 settings missing their bucket first fail the local
 * shape's `type`. Dropping the issues of every shape whose `type` is not the one sent leaves the
 * field that is wrong (backups.bucket); a `type` no shape has is still named as such.
 */
export function storageSchemaError(issues: FastifySchemaValidationError[], context: string): Error {
  const otherShapes = new Set(issues.filter((issue) => issue.keyword === 'const' && issue.instancePath.endsWith('/type')).flatMap((issue) => branchOf(issue.schemaPath) ?? []));
  const kept = issues.filter((issue) => issue.keyword !== 'anyOf' && !otherShapes.has(branchOf(issue.schemaPath) ?? ''));
  return validationError(kept.length > 0 ? kept : issues, context);
}
