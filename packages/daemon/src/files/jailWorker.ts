// The child JailProcess starts for a server's uid and gid: it runs that server's file operations
// in its own process, so they meet the operating system's permissions for that user.
// Every module it runs is imported statically (no import() or lazy require below): a root daemon's
// worker loads them all as root, and becomeOwner then makes it the server's user, who may not be
// able to read the daemon's folder.
import { OutpostError } from '@outpost/shared/errors';
import { becomeOwner } from './becomeOwner.js';
import type { JailReply, JailRequest } from './JailProcess.js';
import type { JailOp } from './JailRunner.js';
import { ServerFiles } from './ServerFiles.js';

// Before the first request is taken: the switch comes ahead of any message listener.
becomeOwner();
const root = process.argv[2];
if (!root || !process.send) process.exit(2);
const files = new ServerFiles(root, { local: true });

process.on('message', (request: JailRequest) => {
  const run = files.local.run as (op: JailOp, ...args: unknown[]) => Promise<unknown>;
  run(request.op, ...request.args)
    .then(
      (result): JailReply => ({ id: request.id, result }),
      (error: unknown): JailReply => ({ id: request.id, error: describe(error) }),
    )
    .then((reply) => process.send?.(reply));
});
// The daemon is gone or let us go: nothing else keeps this process.
process.on('disconnect', () => process.exit(0));

function describe(error: unknown): NonNullable<JailReply['error']> {
  if (error instanceof OutpostError) return { message: error.message, outpost: { code: error.code, metadata: error.metadata, status: error.status } };
  const { message, code } = error as NodeJS.ErrnoException;
  return { message: String(message ?? error), code };
}
