import { posix } from 'node:path';
import { OutpostError } from '@outpost/shared/errors';

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
