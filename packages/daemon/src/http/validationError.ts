import type { FastifyError, FastifyRequest } from 'fastify';
import { OutpostError } from '@outpost/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name NodeApi gives the input a route's body carries (`data`, `command`, `paths`): what its refusals name. */
    bodyField?: string;
  }
}

/**
 * The preValidation hook: a route whose schema takes a body refuses a request without one (or
 * JSON null), naming the input, before validation could coerce the missing body into an empty
 * command or path.
 */
export async function requireBody(request: FastifyRequest): Promise<void> {
  if (request.routeOptions.schema?.body === undefined || (request.body !== undefined && request.body !== null)) return;
  const field = request.routeOptions.config.bodyField ?? 'body';
  throw new OutpostError('ErrFieldRequired', `${field} is required`, { field });
}

interface ValidationIssue {
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * A request the route's schema (daemonRouteSchemas) refuses, answered as NodeApi answers the same
 * input in-process, so both NodeClients agree: an id that names no server is 404 ErrNotFound
 * {id}, as the server lookup says; any other unusable input is 400 ErrFieldRequired {field},
 * NodeApi's one code for it, naming the body by the input it carries and a query by its key.
 */
export function validationError(error: FastifyError, request: FastifyRequest): OutpostError {
  const issue = (error.validation as ValidationIssue[] | undefined)?.[0];
  const path = issue?.instancePath.split('/').filter(Boolean) ?? [];
  if (error.validationContext === 'params') {
    const params = request.params as { id?: string; '*'?: string };
    if (path[0] === '*') return new OutpostError('ErrFieldTooLarge', 'the path is too long', { field: 'path', max: issue?.params.limit });
    return new OutpostError('ErrNotFound', `no server ${String(params.id)}`, { id: params.id ?? '' });
  }
  const missing = typeof issue?.params.missingProperty === 'string' ? issue.params.missingProperty : undefined;
  const field = error.validationContext === 'body' ? (request.routeOptions.config.bodyField ?? 'body') : (path[0] ?? missing ?? 'query');
  return new OutpostError('ErrFieldRequired', `${field} is required`, { field });
}
