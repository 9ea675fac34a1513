import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { OutpostError } from '@outpost/shared';
import { validationError } from './validationError.js';

/** Writes every failure in the shared error body; bad input is 4xx, never 500. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof OutpostError) {
    void reply.status(error.status).send(error.toBody());
    return;
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const refusal = validationError(fastifyError, request);
    void reply.status(refusal.status).send(refusal.toBody());
    return;
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    void reply.status(400).send(new OutpostError('ErrInvalidJson', error.message).toBody());
    return;
  }
  if (fastifyError.statusCode && fastifyError.statusCode < 500) {
    const code = fastifyError.statusCode === 404 ? 'ErrNotFound' : 'ErrBadRequest';
    void reply.status(fastifyError.statusCode).send(new OutpostError(code, error.message, undefined, fastifyError.statusCode).toBody());
    return;
  }
  request.log.error({ err: error, reqId: request.id }, 'daemon request failed');
  void reply.status(500).send(new OutpostError('ErrUnknownError', `internal error (request ${request.id})`).toBody());
}
