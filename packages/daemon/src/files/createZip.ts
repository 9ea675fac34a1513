import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, readlink, realpath, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { OutpostError } from '@outpost/shared/errors';
import { isInside } from './resolveInside.js';

/** One thing to put in the zip: an absolute path inside the jail and the name it gets in the archive. */
export interface ZipSource {
  path: string;
  name: string;
}

const Slash = Buffer.from('/');

/** A zip entry name is at most this many bytes (its length field is 16 bits). */
const MaxZipName = 0xffff;

interface Item {
  path: Buffer;
  name: string;
  info: Stats;
}

/**
 * A zip of the sources (folders recursively) as a stream; yazl reads each file only when its turn
 * comes, so memory stays flat whatever the size. `skip` (the zip being written) is left out.
 * Symlinks are followed only to files inside the server folder; linked folders are left out, which
 * also keeps a link loop from recursing forever.
 * Paths are handled as bytes, so a file whose name is not valid UTF-8 (made over SFTP, say) is
 * still read; its name in the zip shows the bad bytes as U+FFFD. A backslash, a separator to many
 * unzip tools, is stored as "_". The tree is walked before yazl is given anything, so a walk that
 * fails leaves no file open behind an abandoned zip; a file gone since its folder was read is left out.
 */
export async function createZip(realRoot: string, sources: ZipSource[], skip: string): Promise<Readable> {
  const items: Item[] = [];
  const root = Buffer.from(realRoot).toString('latin1');
  for (const source of sources) await walk(items, root, Buffer.from(source.path), source.name, Buffer.from(skip), true);
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  // yazl reports a file it cannot read (removed since the walk) on the ZipFile, not the stream.
  zip.on('error', (error: Error) => output.destroy(error));
  // Whoever reads the zip may not listen yet when that happens (it sets up the target first); the
  // error stays on the stream (output.errored) for its pipeline, and must not crash the process.
  output.on('error', () => {});
  for (const { path, name, info } of items) {
    if (!info.isFile()) {
      zip.addEmptyDirectory(name, { mtime: info.mtime });
      continue;
    }
    // Opened only when its turn comes, and then checked: the walk saw a name, not a file, and a
    // link may have been swapped in since.
    zip.addReadStreamLazy(name, { mtime: info.mtime, mode: info.mode & 0o777 }, (done) => {
      openInside(root, path).then((stream) => done(null, stream), (error: unknown) => done(error, undefined as never));
    });
  }
  zip.end();
  return output;
}

/**
 * Opens a file the walk found, then checks what was opened: a regular file whose real path is in
 * the server folder (`root` as latin1, so names compare byte for byte), or ErrPathOutsideServer.
 */
async function openInside(root: string, path: Buffer): Promise<Readable> {
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const real = (await readlink(`/proc/self/fd/${file.fd}`, { encoding: 'buffer' })).toString('latin1');
    if (!isInside(root, real) || !(await file.stat()).isFile()) {
      throw new OutpostError('ErrPathOutsideServer', `a file changed into a link out of the server folder while it was zipped`, { path: path.toString() });
    }
    return file.createReadStream();
  } catch (error) {
    await file.close();
    throw error;
  }
}

/** Adds `path` (and what is below it) to `items`; `root` is the real server folder as latin1, so paths compare byte for byte. */
async function walk(items: Item[], root: string, path: Buffer, name: string, skip: Buffer, isSource = false): Promise<void> {
  if (path.equals(skip)) return;
  let info = await lstat(path).catch((error: unknown) => {
    if (!isSource && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) return;
  if (info.isSymbolicLink()) {
    const real = await realpath(path, { encoding: 'buffer' }).catch(() => undefined);
    if (!real || !isInside(root, real.toString('latin1'))) return;
    info = await stat(real).catch(() => undefined);
    if (!info?.isFile()) return;
    path = real;
  }
  const stored = name.replace(/\\/g, '_');
  if (Buffer.byteLength(stored) > MaxZipName) throw new OutpostError('ErrNameTooLong', `too long a name for a zip: ${stored.slice(0, 80)}…`);
  if (info.isFile()) {
    items.push({ path, name: stored, info });
    return;
  }
  if (!info.isDirectory()) return;
  const children = await readdir(path, { encoding: 'buffer' }).catch((error: unknown) => {
    if (!isSource && (error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  if (name !== '') items.push({ path, name: stored, info });
  for (const child of children.sort(Buffer.compare)) {
    const childName = child.toString('utf8');
    await walk(items, root, Buffer.concat([path, Slash, child]), name === '' ? childName : `${name}/${childName}`, skip);
  }
}
