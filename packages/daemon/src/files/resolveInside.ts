import { lstat, readlink, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep, dirname, basename } from 'node:path';
import { OutpostError } from '@outpost/shared/errors';

/** True when `target` is `root` itself or below it (both absolute and normalised). */
export function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Resolves a user-supplied path inside a server folder, following symlinks: the deepest part of
 * the path that exists is resolved with realpath, so a link that points out is refused even when
 * the final name does not exist yet. A leading slash means the server folder, as users expect.
 * Answers the absolute path, or throws ErrPathOutsideServer.
 */
export async function resolveInside(root: string, userPath: string): Promise<string> {
  if (userPath.includes('\0')) throw outside(userPath);
  const realRoot = await realpath(root);
  const lexical = resolve(realRoot, '.' + sep + userPath.replace(/\\/g, '/').replace(/^\/+/, ''));
  if (!isInside(realRoot, lexical)) throw outside(userPath);

  // Walk up to the deepest existing ancestor and resolve its links.
  let existing = lexical;
  const rest: string[] = [];
  let hops = 0;
  for (;;) {
    try {
      const real = await realpath(existing);
      const full = rest.length ? join(real, ...rest.reverse()) : real;
      if (!isInside(realRoot, full)) throw outside(userPath);
      return full;
    } catch (error) {
      if (error instanceof OutpostError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      if (existing === realRoot) throw error;
      // A dangling link would be followed by a later create (open with O_CREAT, mkdir
      // through it): go where it points, and refuse when that is outside.
      const link = await danglingLinkTarget(existing);
      if (link !== undefined) {
        if (++hops > 40 || !isInside(realRoot, link)) throw outside(userPath);
        existing = link;
        continue;
      }
      rest.push(basename(existing));
      existing = dirname(existing);
    }
  }
}

/** Where `path` points when it is a symlink (resolved lexically), or undefined when it is none. */
async function danglingLinkTarget(path: string): Promise<string | undefined> {
  try {
    if (!(await lstat(path)).isSymbolicLink()) return undefined;
    return resolve(dirname(path), await readlink(path));
  } catch {
    return undefined;
  }
}

function outside(userPath: string): OutpostError {
  return new OutpostError('ErrPathOutsideServer', `path is outside the server folder: ${userPath}`, { path: userPath });
}
