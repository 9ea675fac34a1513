import { chmod, copyFile, lstat, mkdir, realpath, rm, symlink } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { OutpostError } from '@outpost/shared';
import { isInside, resolveInside } from './resolveInside.js';
import { normaliseUserPath, resolveEntryInside } from './resolveEntryInside.js';
import { writeFileAtomic } from '../system/writeFileAtomic.js';

/**
 * The folder an archive is extracted into. Every entry goes through here, so zip and tar share one
 * set of checks: names that climb out with `..` or start with `/` (zip-slip), links that point out,
 * hard links to anything but an entry inside, and paths through existing links that point out are
 * refused with ErrPathOutsideServer before anything is written for that entry.
 */
export class ArchiveDestination {
  constructor(
    private readonly root: string,
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
    await mkdir(await resolveInside(this.root, this.entryPath(name)), { recursive: true });
  }

  async file(name: string, data: Readable, mode?: number): Promise<void> {
    const target = await resolveInside(this.root, this.entryPath(name));
    await writeFileAtomic(target, data);
    // Keep the executable bit (start scripts, server binaries), nothing else of the archive's mode.
    if (mode !== undefined && mode & 0o111) await chmod(target, 0o755);
  }

  /** Creates a symlink only when what it points at, resolved from where it sits, is inside. */
  async symlink(name: string, target: string): Promise<void> {
    const link = await resolveEntryInside(this.root, this.entryPath(name));
    if (isAbsolute(target) || target.includes('\0')) throw outside(name);
    const realRoot = await realpath(this.root);
    const pointed = resolve(dirname(link.path), target);
    if (!isInside(realRoot, pointed)) throw outside(name);
    await resolveInside(this.root, relative(realRoot, pointed));
    await mkdir(dirname(link.path), { recursive: true });
    await this.removeOld(link.path);
    await symlink(target, link.path);
  }

  /** A hard link becomes a copy of the entry it names, which must already be extracted inside. */
  async hardlink(name: string, linkpath: string): Promise<void> {
    const source = await resolveInside(this.root, this.entryPath(linkpath));
    const target = await resolveInside(this.root, this.entryPath(name));
    if (!(await lstat(source)).isFile()) throw outside(name);
    await mkdir(dirname(target), { recursive: true });
    await this.removeOld(target);
    await copyFile(source, target);
  }

  private async removeOld(path: string): Promise<void> {
    const old = await lstat(path).catch(() => undefined);
    if (old && !old.isDirectory()) await rm(path, { force: true });
  }
}

function outside(name: string): OutpostError {
  return new OutpostError('ErrPathOutsideServer', `archive entry is outside the server folder: ${name}`, { path: name });
}
