import { getSystemErrorMap } from 'node:util';
import { OutpostError } from '@outpost/shared/errors';

/** Turns a file system error into the error the API answers with: missing → 404, the rest → 400 with the reason. */
export function fsError(error: unknown, userPath: string): unknown {
  if (error instanceof OutpostError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new OutpostError('ErrNotFound', `no such file or folder: ${userPath}`, { path: userPath });
  if (code === 'EEXIST') return new OutpostError('ErrAlreadyExists', `already exists: ${userPath}`, { path: userPath });
  if (code === 'ENOTEMPTY') return new OutpostError('ErrInvalidPath', `the folder is not empty: ${userPath}`, { path: userPath });
  if (code === 'EISDIR') return new OutpostError('ErrNotAFile', `is a folder: ${userPath}`, { path: userPath });
  if (code === 'ENAMETOOLONG') return new OutpostError('ErrNameTooLong', `a name in this path is too long: ${userPath.slice(0, 300)}`, { path: userPath.slice(0, 300) });
  // The jail opens every last name with O_NOFOLLOW: ELOOP means a link was put where it must not lead.
  if (code === 'ELOOP') return new OutpostError('ErrPathOutsideServer', `path is outside the server folder: ${userPath}`, { path: userPath });
  // The OS's own words, not its message: that names the path on the node's disk.
  if (code === 'EACCES' || code === 'EPERM') return new OutpostError('ErrNoPermission', `not permitted: ${userPath || '/'} (${code}: ${osReason(code)})`, { path: userPath });
  return error;
}

/** What the OS calls an errno code ("permission denied" for EACCES). */
function osReason(code: string): string {
  for (const [name, reason] of getSystemErrorMap().values()) if (name === code) return reason;
  return code;
}

/** Runs `work` and rethrows its file system errors as API errors. */
export async function withFsErrors<T>(userPath: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fsError(error, userPath);
  }
}
