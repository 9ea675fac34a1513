import type { FileInfo } from '../files/ServerJail.js';
import type { Attributes } from 'ssh2';

/** SFTP attributes of a file; owner ids are reported as 0 so nothing about the node's users leaks. */
export function toAttributes(info: FileInfo): Attributes {
  return {
    mode: info.mode,
    uid: 0,
    gid: 0,
    size: info.size,
    atime: Math.floor(info.atimeMs / 1000),
    mtime: Math.floor(info.mtimeMs / 1000),
  };
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `ls -l` style line SFTP version 3 clients show for a directory entry. */
export function longName(name: string, info: FileInfo): string {
  const kind = info.mode & 0o170000;
  const type = kind === 0o040000 ? 'd' : kind === 0o120000 ? 'l' : '-';
  let perms = '';
  for (let shift = 6; shift >= 0; shift -= 3) {
    const bits = (info.mode >> shift) & 7;
    perms += (bits & 4 ? 'r' : '-') + (bits & 2 ? 'w' : '-') + (bits & 1 ? 'x' : '-');
  }
  const when = new Date(info.mtimeMs);
  const date = `${months[when.getUTCMonth()]} ${String(when.getUTCDate()).padStart(2)} ${String(when.getUTCFullYear()).padStart(5)}`;
  return `${type}${perms}    1 outpost  outpost  ${String(info.size).padStart(10)} ${date} ${name}`;
}
