import ssh2, { type SFTPWrapper } from 'ssh2';

const { STATUS_CODE } = ssh2.utils.sftp;

/** Requests that name paths, and how many of their arguments (after the request id) are paths. */
const PathRequests = { OPEN: 1, OPENDIR: 1, STAT: 1, LSTAT: 1, SETSTAT: 1, REMOVE: 1, RMDIR: 1, MKDIR: 1, RENAME: 2, READLINK: 1, SYMLINK: 2, REALPATH: 1 } as const;
const Replies = ['handle', 'data', 'name', 'attrs'] as const;

/**
 * Calls `onRefused` for each request the session answers with "permission denied" (a path outside
 * the server folder, a change by a read-only login), naming the request and its paths. It watches
 * the SFTP stream from outside, so the session's own code stays as it is; attach it before the
 * session, so a request is seen before any answer to it.
 */
export function watchRefusals(sftp: SFTPWrapper, onRefused: (request: string, paths: string[]) => void): void {
  const pending = new Map<number, { request: string; paths: string[] }>();
  for (const [request, count] of Object.entries(PathRequests)) {
    sftp.on(request as keyof typeof PathRequests, (id: number, ...args: unknown[]) => {
      pending.set(id, { request, paths: args.slice(0, count).map(String) });
    });
  }
  const status = sftp.status.bind(sftp);
  sftp.status = (id, code, message) => {
    const seen = pending.get(id);
    pending.delete(id);
    if (code === STATUS_CODE.PERMISSION_DENIED) onRefused(seen?.request ?? 'request', seen?.paths ?? []);
    return status(id, code, message);
  };
  // Any other answer ends the request too.
  for (const reply of Replies) {
    const answer = (sftp[reply] as (...args: unknown[]) => boolean).bind(sftp);
    (sftp as unknown as Record<string, unknown>)[reply] = (id: number, ...rest: unknown[]) => {
      pending.delete(id);
      return answer(id, ...rest);
    };
  }
}
