import { request } from 'node:http';
import type { Socket } from 'node:net';
import type { DockerAddress } from './DockerEngine.js';

export type OutputStream = 'stdout' | 'stderr';

/**
 * Attaches to a container's stdin, stdout and stderr over one upgraded HTTP connection.
 * dockerode's hijacking attach is not used: under Podman it writes its own options into the
 * container's stdin. Call before starting the container so no early output is lost.
 * Answers the socket: write to it for stdin; it ends when the container exits.
 */
export function attachContainer(
  address: DockerAddress,
  containerId: string,
  onOutput: (stream: OutputStream, chunk: Buffer) => void,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const req = request({
      ...address,
      method: 'POST',
      path: `/containers/${encodeURIComponent(containerId)}/attach?stream=1&stdin=1&stdout=1&stderr=1`,
      headers: { Connection: 'Upgrade', Upgrade: 'tcp' },
    });
    req.on('upgrade', (_res, socket, head) => {
      const demux = createDemuxer(onOutput);
      if (head.length > 0) demux(head);
      socket.on('data', demux);
      resolve(socket);
    });
    req.on('response', (res) => {
      // An engine that answers without upgrading refused the attach; say what it said.
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => reject(new Error(`attach refused (${res.statusCode}): ${body.trim()}`)));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Splits the engine's multiplexed stream (no TTY): frames of an 8-byte header, whose first byte
 * names the stream and last four give the length, then the payload. Frames span TCP chunks.
 */
export function createDemuxer(onOutput: (stream: OutputStream, chunk: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 8) {
      const size = pending.readUInt32BE(4);
      if (pending.length < 8 + size) break;
      const payload = pending.subarray(8, 8 + size);
      onOutput(pending[0] === 2 ? 'stderr' : 'stdout', payload);
      pending = pending.subarray(8 + size);
    }
  };
}
