import { Type, type Static, type TSchema } from 'typebox';
import type { ErrorCode } from '../errors.js';

// Pieces every area of the contract uses. Field names are the spec's (panel.md section 7,
// server-page.md section 3): third-party clients depend on them.

/** A string field with a sane upper bound, so huge inputs fail validation instead of reaching the database. */
export function Text(options: { minLength?: number; maxLength?: number; format?: string; description?: string } = {}) {
  return Type.String({ maxLength: 1024, ...options });
}

/**
 * A map of names to values of one schema. TypeBox's Record says this with patternProperties,
 * which OpenAPI 3.0 lacks (the document would lose the values' shape), so it is said with
 * additionalProperties instead; validation is the same.
 */
export function MapOf<T extends TSchema>(value: T, options: { maxProperties?: number; description?: string } = {}) {
  return Type.Unsafe<Record<string, Static<T>>>(Type.Object({}, { ...options, additionalProperties: value }));
}

/**
 * The body of every failed call. `code` is a code of the spec's catalogue (absent when none fits,
 * then `msg` says it); `reason` is Outpost's precise code. Both are typed as ErrorCode but sent as
 * text, so a newer node's code still passes through.
 */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.Optional(Type.Unsafe<ErrorCode>(Type.String())),
      msg: Type.String(),
      metadata: Type.Optional(MapOf(Type.Unknown())),
      reason: Type.Optional(Type.Unsafe<ErrorCode>(Type.String())),
    }),
  },
  { description: 'Error: see the error catalogue' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** An answer without a body (204, or 202 for a power action the daemon has queued). */
export const NoContent = Type.Null({ description: 'No content' });

/** A call's answers: the given successes plus the error shape for 4xx and 5xx. */
export function responses<T extends Record<number, TSchema>>(ok: T) {
  return { ...ok, '4xx': ErrorBody, '5xx': ErrorBody };
}

/** Any JSON object; used where the handler checks the shape itself. */
export const AnyObject = Type.Object({}, { additionalProperties: true });

/** Paged list answers: `{ <items>, paging: { page, limit, total } }`. */
export const Paging = Type.Object({ page: Type.Integer(), limit: Type.Integer(), total: Type.Integer() });
export type Paging = Static<typeof Paging>;

/** Server ids are 8 lowercase hex characters. */
export const ServerId = Type.String({ pattern: '^[0-9a-f]{8}$', description: 'server id, 8 lowercase hex characters' });

/** `{id}` of every per-server path. */
export const ServerParams = Type.Object({ id: ServerId });

/**
 * The repeat of a new password a form asks for. Optional, as spec clients send none; when sent it
 * must equal the new password (spec section 5, "must equal another field": ErrFieldNotEqual).
 */
export function ConfirmPassword(of: string) {
  return Type.Optional(Text({ description: `when sent, must equal ${of} (ErrFieldNotEqual)` }));
}
