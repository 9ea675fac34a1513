import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { OutpostError } from '@outpost/shared/errors';
import { normaliseUserPath } from './normaliseUserPath.js';
import type { ServerFiles } from './ServerFiles.js';

/**
 * The folder an archive is extracted into. Every entry goes through here and from here through
 * the server's jail (ServerFiles), so zip and tar share one set of checks: names that climb out
 * with `..` or start with `/` (zip-slip), links that point out, hard links to anything but an
 * entry inside, and paths through links that point out are refused with ErrPathOutsideServer
 * before anything is written for that entry.
 */
export class ArchiveDestination {
  constructor(
    private readonly files: ServerFiles,
    /** The destination folder, as a clean path relative to the server folder. */
    private readonly folder: string,
  ) {}

  /** The entry's path relative to the server folder; refuses absolute and climbing names. */
  entryPath(name: string): string {
    const raw = name.replace(/\\/g, '/');
    if (raw.startsWith('/') || /^[a-zA-Z]:/.test(raw)) throw outside(name);
    const clean = normaliseUserPath(raw);
    return this.folder ? `${this.folder}/${clean}` : clean;
  }

  async directory(name: string): Promise<void> {
    await this.files.jail.mkdir(this.entryPath(name), true);
  }

  async file(name: string, data: Readable, mode?: number): Promise<void> {
    const target = this.entryPath(name);
    await this.files.write(target, data);
    // Keep the executable bit (start scripts, server binaries), nothing else of the archive's mode.
    if (mode !== undefined && mode & 0o111) await this.files.jail.setattr(target, { mode: 0o755 });
  }

  /** Creates a symlink only when what it points at, resolved from where it sits, is inside. */
  async symlink(name: string, target: string): Promise<void> {
    const link = this.entryPath(name);
    if (posix.isAbsolute(target) || target.includes('\0')) throw outside(name);
    try {
      normaliseUserPath(posix.join(posix.dirname(link), target));
    } catch {
      throw outside(name);
    }
    await this.files.jail.symlink(link, target, true);
  }

  /** A hard link becomes a copy of the entry it names, which must already be extracted inside. */
  async hardlink(name: string, linkpath: string): Promise<void> {
    const source = await this.files.jail.open(this.entryPath(linkpath), constants.O_RDONLY).catch((error: unknown) => {
      if ((error as OutpostError).code === 'ErrNotAFile') throw outside(name);
      throw error;
    });
    try {
      await this.files.write(this.entryPath(name), Readable.from(readAll(source.fd)));
    } finally {
      await this.files.jail.release(source.fd);
    }
  }
}

/** The contents of a file the jail holds open, read through its handle. */
async function* readAll(fd: number): AsyncGenerator<Buffer> {
  const file = await open(`/proc/self/fd/${fd}`, constants.O_RDONLY);
  try {
    for await (const chunk of file.createReadStream({ autoClose: false })) yield chunk as Buffer;
  } finally {
    await file.close();
  }
}

function outside(name: string): OutpostError {
  return new OutpostError('ErrPathOutsideServer', `archive entry is outside the server folder: ${name}`, { path: name });
}
