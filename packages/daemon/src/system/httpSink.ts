import { get, type ServerResponse } from 'node:http';
import { serveHttp } from '../operations/testKit.js';

/**
 * For tests of streams that reuse buffers: `pipeInto` gets a real HTTP answer to pipe into, and a
 * client reads it back, pausing a millisecond after each chunk when `slow`, so writes wait on the
 * socket. `received` resolves with every byte; `cut()` drops the connection.
 */
export async function httpSink(pipeInto: (answer: ServerResponse) => void, { slow = true } = {}) {
  const server = await serveHttp((_request, answer) => pipeInto(answer));
  const parts: Buffer[] = [];
  let cut = () => {};
  const received = new Promise<Buffer>((resolve, reject) => {
    const request = get(`${server.url}/`, (response) => {
      response.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        if (!slow) return;
        response.pause();
        setTimeout(() => response.resume(), 1);
      });
      response.on('end', () => resolve(Buffer.concat(parts)));
      response.on('error', reject);
    });
    request.on('error', reject);
    cut = () => request.destroy();
  }).finally(() => server.close());
  received.catch(() => {});
  return { received, cut: () => cut(), soFar: () => Buffer.concat(parts) };
}
