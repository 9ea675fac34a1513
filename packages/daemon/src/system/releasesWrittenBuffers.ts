import { ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * Whether `destination` is done with a buffer once it calls the write's callback, so the buffer
 * may be filled again: true of Node's sockets and HTTP answers, which call back after the bytes
 * went to the kernel. A Transform or PassThrough calls back while its reader has yet to take the
 * chunk, and a reused buffer would change bytes not yet read; such a destination is piped plainly.
 */
export function releasesWrittenBuffers(destination: NodeJS.WritableStream): boolean {
  return destination instanceof ServerResponse || destination instanceof Socket;
}
