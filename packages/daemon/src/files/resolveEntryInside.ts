import { basename, dirname, join, posix } from 'node:path';
import { OutpostError } from '@outpost/shared';
import { resolveInside } from './resolveInside.js';

/**
 * Resolves a user path inside the server folder without following its last name: the folder it
 * sits in goes through the jail, the name itself is kept. Delete, rename, lstat and readlink work
 * on a symlink itself this way, never on what it points at. The server folder itself answers
 * an empty `name`.
 */
export async function resolveEntryInside(root: string, userPath: string): Promise<{ path: string; name: string }> {
  const clean = normaliseUserPath(userPath);
  if (clean === '') return { path: await resolveInside(root, ''), name: '' };
  const parent = await resolveInside(root, dirname(clean));
  return { path: join(parent, basename(clean)), name: basename(clean) };
}

/** A user path as a clean relative path ("" for the server folder); `..` that climbs out is refused. */
export function normaliseUserPath(userPath: string): string {
  if (userPath.includes('\0')) throw outside(userPath);
  const clean = posix.normalize('/' + userPath.replace(/\\/g, '/')).replace(/^\/+/, '').replace(/\/+$/, '');
  // normalize() keeps leading ".." of relative paths; on "/..." it drops them, so check the raw segments too.
  let depth = 0;
  for (const part of userPath.replace(/\\/g, '/').split('/')) {
    if (part === '..') depth--;
    else if (part !== '' && part !== '.') depth++;
    if (depth < 0) throw outside(userPath);
  }
  return clean;
}

function outside(userPath: string): OutpostError {
  return new OutpostError('ErrPathOutsideServer', `path is outside the server folder: ${userPath}`, { path: userPath });
}
