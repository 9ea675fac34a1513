import { read } from 'node:fs';
import { promisify } from 'node:util';
import { closeArchive, openArchive } from './openArchive.js';

export type ArchiveFormat = 'zip' | 'tar' | 'tar.gz' | 'tar.bz2' | 'tar.xz';

const readFile = promisify(read);

/**
 * Which of the formats we extract a file is, by its first bytes rather than its name (a renamed
 * archive still works); a plain tar without the ustar magic is recognised by its .tar name.
 * `name` is the file's own name when `path` is a handle's (/proc/self/fd/N). Answers undefined for
 * anything else (7z, rar, a text file...); refuses what is not a regular file (openArchive).
 */
export async function detectArchiveFormat(path: string, name = path): Promise<ArchiveFormat | undefined> {
  const fd = await openArchive(path);
  const head = Buffer.alloc(512);
  try {
    await readFile(fd, head, 0, 512, 0);
  } finally {
    await closeArchive(fd);
  }
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6)) return 'zip';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
  if (head.subarray(0, 3).toString('latin1') === 'BZh') return 'tar.bz2';
  if (head.subarray(0, 6).equals(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))) return 'tar.xz';
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'tar';
  if (/\.tar$/i.test(name)) return 'tar';
  return undefined;
}
