import { errorReply, OutpostError, type ErrorCode } from '@outpost/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The field an AJV issue is about: the missing property, the failing path, or the part of the request. */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  if (typeof issue.params.missingProperty === 'string') {
    const parent = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return parent ? `${parent}.${issue.params.missingProperty}` : issue.params.missingProperty;
  }
  return issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body';
}

/** Turns the first schema violation into the spec's field error. */
export function validationError(issues: ValidationIssue[], context: string | undefined): OutpostError {
  const issue = issues[0];
  const field = fieldOf(issue, context);
  const limit = issue.params.limit;
  const make = (code: ErrorCode, msg: string, metadata: Record<string, unknown>) => new OutpostError(code, msg, { field, ...metadata }, 400);
  switch (issue.keyword) {
    case 'required':
      return make('ErrFieldRequired', `${field} is required`, {});
    case 'format':
      return issue.params.format === 'email'
        ? make('ErrFieldNotEmail', 'not a valid email', {})
        : make('ErrFieldRequired', `${field} must be a valid ${String(issue.params.format)}`, {});
    case 'minLength':
      return make('ErrFieldLength', `at least ${String(limit)} characters`, { length: limit });
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return make('ErrFieldTooLarge', `cannot be larger than ${String(limit)}`, { max: limit });
    case 'minimum':
    case 'exclusiveMinimum':
      return make('ErrFieldTooSmall', `cannot be smaller than ${String(limit)}`, { min: limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return make('ErrFieldTooLarge', `cannot be larger than ${String(limit)}`, { max: limit });
    case 'pattern':
      return make('ErrFieldMustBePrintable', `${field} has characters that are not allowed`, {});
    default:
      // Wrong type, unknown enum value and the like: the field is not there in a usable form.
      return make('ErrFieldRequired', `${field} is required (${issue.message ?? issue.keyword})`, {});
  }
}

/**
 * One handler writes every error body. Validation and client errors become the spec's codes
 * with a 4xx; only real faults answer 500, and those are logged with the request id.
 */
export function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const outpost = errorReply(error, request.id, (failure) => validationError(failure.validation as ValidationIssue[], failure.validationContext));
    // A node that does not answer fails every call to it while it is down (a server page asks
    // every few seconds): the health check logs once that it went and once that it came back.
    if (outpost.code === 'ErrNodeUnreachable') request.log.debug({ err: error, reqId: request.id }, 'node did not answer');
    else if (outpost.status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
    if (outpost.code === 'ErrTooManyRequests' && typeof outpost.metadata?.retryAfter === 'number') {
      reply.header('retry-after', String(outpost.metadata.retryAfter));
    }
    return reply.code(outpost.status).type('application/json').send(outpost.toBody());
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing (a URL that does not decode, a
 * path parameter past the length limit), which never reach the error handler.
 */
export function routingError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const outpost =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new OutpostError('ErrFieldTooLarge', 'a path parameter is too long', { field: 'path' }, 400)
      : new OutpostError('ErrFieldHasURICharacters', 'must not contain characters unusable in URIs', { field: 'path' }, 400);
  void reply.code(outpost.status).type('application/json').send(outpost.toBody());
}
