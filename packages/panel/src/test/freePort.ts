import { createServer, type AddressInfo } from 'node:net';

/** A loopback port free a moment ago, for a program the test starts that takes its port on the command line. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
