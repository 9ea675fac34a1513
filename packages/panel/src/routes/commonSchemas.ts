import { Type, type TSchema } from 'typebox';

/** The body of every failed call (packages/shared errors.ts ErrorBody). */
export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      msg: Type.String(),
      metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
    }),
  },
  { description: 'Error: see the error catalogue' },
);

export const NoContent = Type.Null({ description: 'No content' });

/** A route's answers: the given successes plus the shared error shape for 4xx and 5xx. */
export function responses<T extends Record<number, TSchema>>(ok: T) {
  return { ...ok, '4xx': ErrorResponse, '5xx': ErrorResponse };
}

/** A string field with a sane upper bound, so huge inputs fail validation instead of reaching the database. */
export function Text(options: { minLength?: number; maxLength?: number; format?: string; description?: string } = {}) {
  return Type.String({ maxLength: 1024, ...options });
}
