import { posix } from 'node:path';
import { OutpostError } from '@outpost/shared/errors';

/** Linux's NAME_MAX and PATH_MAX, in bytes of UTF-8. */
const MaxNameBytes = 255;
const MaxPathBytes = 4096;

/**
 * Refuses an archive entry's name the file system could not hold (ErrNameTooLong), before
 * anything is written for it: any one segment over 255 bytes or the whole over 4096.
 * Checked in bytes, as a name of 100 CJK characters is 300 bytes. A file entry must also name
 * something below the destination: "." or "a/.." would write over the destination folder itself.
 */
export function checkEntryName(name: string, isFile = false): void {
  const tooLong = Buffer.byteLength(name) > MaxPathBytes || name.split(/[\\/]/).some((part) => Buffer.byteLength(part) > MaxNameBytes);
  if (tooLong) {
    const shown = shorten(name);
    throw new OutpostError('ErrNameTooLong', `archive entry name is too long: ${shown}`, { path: shown });
  }
  if (isFile && posix.normalize(`/${name.replace(/\\/g, '/')}`) === '/') {
    throw new OutpostError('ErrUnsupportedArchive', `archive holds a file without a name: ${name}`, { path: name });
  }
}

/** The name's start, cut between characters (never inside a surrogate pair), for messages. */
function shorten(name: string): string {
  const chars = Array.from(name);
  return chars.length > 80 ? `${chars.slice(0, 80).join('')}…` : name;
}
