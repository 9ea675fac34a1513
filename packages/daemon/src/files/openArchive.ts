import { close, constants, fstat, open } from 'node:fs';
import { basename } from 'node:path';
import { promisify } from 'node:util';
import { OutpostError } from '@outpost/shared/errors';

const openFile = promisify(open);
const statFile = promisify(fstat);
const closeFile = promisify(close);

/**
 * Opens an archive for reading and answers its descriptor (the caller closes it), refusing
 * anything but a regular file with ErrNotAFile: a server's own program can make a FIFO in its
 * folder, whose plain open would block one of libuv's few threads until a writer came, and a
 * device would never end. O_NONBLOCK lets the open of a FIFO return so it can be refused; it
 * changes nothing for regular files. Open first, then check what was opened, so a swap between
 * the two cannot slip through.
 */
export async function openArchive(path: string): Promise<number> {
  const fd = await openFile(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await statFile(fd)).isFile()) throw new OutpostError('ErrNotAFile', `not a file: ${basename(path)}`, { path: basename(path) });
    return fd;
  } catch (error) {
    await closeFile(fd);
    throw error;
  }
}

/** Closes a descriptor from openArchive. */
export function closeArchive(fd: number): Promise<void> {
  return closeFile(fd);
}
