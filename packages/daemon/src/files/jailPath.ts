import { OutpostError } from '@outpost/shared/errors';
import { normaliseUserPath } from './normaliseUserPath.js';

/** Longest name Linux file systems take (bytes), and longest path. */
const MaxNameBytes = 255;
const MaxPathBytes = 4096;

/** Hidden folder at the top of a server folder where uploads are written before they are renamed into place. */
export const UploadFolder = '.outpost-uploads';

/**
 * A user path as a clean relative path ("" for the server folder), checked before anything
 * touches the disk: no climbing out, no name over 255 bytes (ErrNameTooLong rather than a 500
 * from ENAMETOOLONG), and not Outpost's own upload folder.
 */
export function jailPath(userPath: string): string {
  const clean = normaliseUserPath(userPath);
  if (Buffer.byteLength(clean) > MaxPathBytes || clean.split('/').some((part) => Buffer.byteLength(part) > MaxNameBytes)) {
    throw nameTooLong(userPath);
  }
  if (clean === UploadFolder || clean.startsWith(UploadFolder + '/')) {
    throw new OutpostError('ErrNoPermission', `reserved for uploads in progress: ${userPath}`, { path: userPath });
  }
  return clean;
}

export function nameTooLong(userPath: string): OutpostError {
  return new OutpostError('ErrNameTooLong', `a name in this path is longer than 255 bytes: ${userPath.slice(0, 300)}`, { path: userPath.slice(0, 300) });
}

export function outside(userPath: string): OutpostError {
  return new OutpostError('ErrPathOutsideServer', `path is outside the server folder: ${userPath}`, { path: userPath });
}
