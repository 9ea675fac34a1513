import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorReply } from '@outpost/shared';
import { validationError } from './validationError.js';

/** Writes every failure in the shared error body, as the panel does (errorReply); bad input is 4xx, never 500. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const outpost = errorReply(error, request.id, (failure) => validationError(failure as FastifyError, request));
  if (outpost.status >= 500) request.log.error({ err: error, reqId: request.id }, 'daemon request failed');
  void reply.status(outpost.status).send(outpost.toBody());
}
