import { errorCodeOf, isErrorBody, OutpostError } from '@outpost/shared';

/** A node that did not answer (refused, timed out, dropped): 502 ErrNodeUnreachable. */
export const unreachable = (error: unknown): OutpostError =>
  new OutpostError('ErrNodeUnreachable', `node did not answer: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);

/** A node's refusal (status and error body) as the OutpostError the daemon threw. */
export function errorFromBody(status: number, text: string): OutpostError {
  // The node refused the token itself: the panel and the node hold different secrets. Passing the
  // 401 on would read to the browser as its own session ending, so it is the node's fault here.
  if (status === 401) return new OutpostError('ErrNodeRefusedSecret', 'the node refused the panel\'s token: save its current daemon.json on the node', undefined, 502);
  try {
    const body: unknown = JSON.parse(text);
    if (isErrorBody(body)) return new OutpostError(errorCodeOf(body), body.error.msg, body.error.metadata, status);
  } catch {
    // not an error body
  }
  return new OutpostError(status >= 500 ? 'ErrNodeUnreachable' : 'ErrBadRequest', `node answered ${status}`, undefined, status >= 500 ? 502 : status);
}
