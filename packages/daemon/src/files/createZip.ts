import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { isInside } from './resolveInside.js';

/** One thing to put in the zip: an absolute path inside the jail and the name it gets in the archive. */
export interface ZipSource {
  path: string;
  name: string;
}

const Slash = Buffer.from('/');

/**
 * A zip of the sources (folders recursively) as a stream; yazl reads each file only when its turn
 * comes, so memory stays flat whatever the size. `skip` (the zip being written) is left out.
 * Symlinks are followed only to files inside the server folder; linked folders are left out, which
 * also keeps a link loop from recursing forever.
 * Paths are handled as bytes, so a file whose name is not valid UTF-8 (made over SFTP, say) is
 * still read; its name in the zip shows the bad bytes as U+FFFD. A backslash, a separator to many
 * unzip tools, is stored as "_".
 */
export async function createZip(realRoot: string, sources: ZipSource[], skip: string): Promise<Readable> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  // yazl reports a file it cannot read (removed since it was listed) on the ZipFile, not the stream.
  zip.on('error', (error: Error) => output.destroy(error));
  const root = Buffer.from(realRoot).toString('latin1');
  for (const source of sources) await add(zip, root, Buffer.from(source.path), source.name, Buffer.from(skip));
  zip.end();
  return output;
}

/** `root` is the real server folder as latin1, so paths compare byte for byte whatever their encoding. */
async function add(zip: yazl.ZipFile, root: string, path: Buffer, name: string, skip: Buffer): Promise<void> {
  if (path.equals(skip)) return;
  let info = await lstat(path);
  if (info.isSymbolicLink()) {
    const real = await realpath(path, { encoding: 'buffer' }).catch(() => undefined);
    if (!real || !isInside(root, real.toString('latin1'))) return;
    info = await stat(real);
    if (!info.isFile()) return;
    path = real;
  }
  const stored = name.replace(/\\/g, '_');
  if (info.isFile()) {
    // yazl passes the path to fs unchanged, so bytes work where its types say string.
    zip.addFile(path as unknown as string, stored, { mtime: info.mtime, mode: info.mode & 0o777 });
    return;
  }
  if (!info.isDirectory()) return;
  const children = (await readdir(path, { encoding: 'buffer' })).sort(Buffer.compare);
  if (name !== '') zip.addEmptyDirectory(stored, { mtime: info.mtime });
  for (const child of children) {
    const childName = child.toString('utf8');
    await add(zip, root, Buffer.concat([path, Slash, child]), name === '' ? childName : `${name}/${childName}`, skip);
  }
}
