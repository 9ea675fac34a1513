import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import { HttpNodeClient } from './HttpNodeClient.js';

// A machine that is down drops packets instead of refusing them. On loopback the same happens at
// a port whose listener never accepts once its queue is full: the kernel drops further SYNs, so a
// connect waits for the system's TCP timeout (minutes) unless the client gives up by itself.
// Node's own sockets always accept, so the listener is a python3 one that never does.
const listener = `
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(0)
print(s.getsockname()[1], flush=True)
time.sleep(600)
`;

describe('HttpNodeClient to a node that takes no connections', () => {
  let child: ChildProcess;
  let port = 0;
  const fillers: Socket[] = [];
  beforeAll(async () => {
    child = spawn('python3', ['-c', listener], { stdio: ['ignore', 'pipe', 'inherit'] });
    port = await new Promise<number>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    // Fill the accept queue: these complete, then the kernel drops whatever comes next.
    for (let i = 0; i < 4; i++) fillers.push(connect(port, '127.0.0.1').on('error', () => {}));
  });
  afterAll(() => {
    for (const socket of fillers) socket.destroy();
    child.kill();
  });

  it('answers 502 ErrNodeUnreachable after its connect timeout instead of hanging, for calls and sockets', async () => {
    const client = new HttpNodeClient({ baseUrl: `http://127.0.0.1:${port}`, nodeId: '1', secret: 'secret' });
    const admin = { user: 'admin', scopes: [Scopes.ServersAdmin] };
    await expect(client.getStatus(admin, 'abcdef01')).rejects.toMatchObject({ code: 'ErrNodeUnreachable', status: 502 });
    await expect(client.nodeInfo(admin)).rejects.toMatchObject({ code: 'ErrNodeUnreachable', status: 502 });
    await expect(client.connect(admin, 'abcdef01')).rejects.toMatchObject({ code: 'ErrNodeUnreachable', status: 502 });
  }, 20_000);
});
