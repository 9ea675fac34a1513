import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { isInside } from './resolveInside.js';

/** One thing to put in the zip: an absolute path inside the jail and the name it gets in the archive. */
export interface ZipSource {
  path: string;
  name: string;
}

/**
 * A zip of the sources (folders recursively) as a stream; yazl reads each file only when its turn
 * comes, so memory stays flat whatever the size. `skip` (the zip being written) is left out.
 * Symlinks are followed only to files inside the server folder; linked folders are left out, which
 * also keeps a link loop from recursing forever.
 */
export async function createZip(realRoot: string, sources: ZipSource[], skip: string): Promise<Readable> {
  const zip = new yazl.ZipFile();
  for (const source of sources) await add(zip, realRoot, source.path, source.name, skip);
  zip.end();
  return zip.outputStream as Readable;
}

async function add(zip: yazl.ZipFile, realRoot: string, path: string, name: string, skip: string): Promise<void> {
  if (path === skip) return;
  let info = await lstat(path);
  if (info.isSymbolicLink()) {
    const real = await realpath(path).catch(() => undefined);
    if (!real || !isInside(realRoot, real)) return;
    info = await stat(real);
    if (!info.isFile()) return;
    path = real;
  }
  if (info.isFile()) {
    zip.addFile(path, name, { mtime: info.mtime, mode: info.mode & 0o777 });
    return;
  }
  if (!info.isDirectory()) return;
  const children = (await readdir(path)).sort();
  if (name !== '') zip.addEmptyDirectory(name, { mtime: info.mtime });
  for (const child of children) {
    await add(zip, realRoot, join(path, child), name === '' ? child : `${name}/${child}`, skip);
  }
}

