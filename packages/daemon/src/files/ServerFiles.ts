import { lstat, mkdir, open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Stats } from 'node:fs';
import { OutpostError } from '@outpost/shared';
import { ArchiveDestination } from './ArchiveDestination.js';
import { createZip } from './createZip.js';
import { detectArchiveFormat } from './detectArchiveFormat.js';
import { extractTar } from './extractTar.js';
import { extractZip } from './extractZip.js';
import type { ExtractLimits } from './ExtractionBudget.js';
import { withFsErrors } from './fsError.js';
import { isInside, resolveInside } from './resolveInside.js';
import { normaliseUserPath, resolveEntryInside } from './resolveEntryInside.js';
import { writeFileAtomic } from '../system/writeFileAtomic.js';

/** One row of a listing (server-page.md section 3, "File entry"). */
export interface FileEntry {
  name: string;
  isFile: boolean;
  size: number;
  /** Epoch seconds. */
  modifyTime: number;
}

/**
 * The one door to a server's files: HTTP routes, the WebSocket and SFTP all come through here, so
 * every user path meets the jail (resolveInside) exactly once per operation. Paths are relative to
 * the server folder; a leading "/" means the server folder. Missing files answer ErrNotFound,
 * paths that leave the folder ErrPathOutsideServer.
 */
export class ServerFiles {
  constructor(readonly root: string) {}

  /** Absolute path of a user path, following links (which must stay inside). */
  resolve(path: string): Promise<string> {
    return resolveInside(this.root, path);
  }

  /** Absolute path of a user path without following its last name (for links themselves). */
  async resolveEntry(path: string): Promise<string> {
    return (await resolveEntryInside(this.root, path)).path;
  }

  /** A folder's entries, folders first, then by name. */
  async list(path: string): Promise<FileEntry[]> {
    return withFsErrors(path, async () => {
      const folder = await this.resolve(path);
      const names = await readdir(folder);
      const entries = await Promise.all(names.map((name) => this.entryOf(join(folder, name), name)));
      return entries
        .filter((entry): entry is FileEntry => entry !== undefined)
        .sort((a, b) => Number(a.isFile) - Number(b.isFile) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    });
  }

  /** One entry, following links. */
  async stat(path: string): Promise<FileEntry> {
    return withFsErrors(path, async () => toEntry(basename(normaliseUserPath(path)), await stat(await this.resolve(path))));
  }

  /** A file's contents; folders are refused. The file is opened before answering, so a missing one throws here. */
  async readStream(path: string): Promise<{ stream: Readable; size: number }> {
    return withFsErrors(path, async () => {
      const handle = await open(await this.resolve(path), 'r');
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new OutpostError('ErrGeneric', `not a file: ${path}`, { path }, 400);
        return { stream: handle.createReadStream(), size: info.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    });
  }

  /** Writes a file through a temp name and a rename, creating missing folders. */
  async write(path: string, data: Readable | Buffer | string): Promise<void> {
    return withFsErrors(path, async () => {
      if (normaliseUserPath(path) === '') throw new OutpostError('ErrGeneric', 'cannot write the server folder itself', { path }, 400);
      await writeFileAtomic(await this.resolve(path), data);
    });
  }

  /** Creates a folder and any missing parents; an existing folder is fine. */
  async mkdir(path: string): Promise<void> {
    return withFsErrors(path, async () => {
      await mkdir(await this.resolve(path), { recursive: true });
    });
  }

  /** Deletes a file, a link (not what it points at) or a folder with everything in it; never the server folder. */
  async delete(path: string): Promise<void> {
    return withFsErrors(path, async () => {
      const entry = await resolveEntryInside(this.root, path);
      if (entry.name === '') throw new OutpostError('ErrNoPermission', 'the server folder itself cannot be deleted', { path });
      await lstat(entry.path);
      await rm(entry.path, { recursive: true });
    });
  }

  /** Moves or renames; refuses to replace something that exists. Creates missing parent folders of `to`. */
  async rename(from: string, to: string): Promise<void> {
    return withFsErrors(from, async () => {
      const source = await resolveEntryInside(this.root, from);
      const target = await resolveEntryInside(this.root, to);
      if (source.name === '' || target.name === '') throw new OutpostError('ErrNoPermission', 'the server folder itself cannot be moved', { path: from });
      await lstat(source.path);
      if (await lstat(target.path).catch(() => undefined)) {
        throw new OutpostError('ErrGeneric', `already exists: ${to}`, { path: to }, 409);
      }
      if (isInside(source.path, target.path)) throw new OutpostError('ErrGeneric', 'cannot move a folder into itself', { path: to }, 400);
      await mkdir(dirname(target.path), { recursive: true });
      await rename(source.path, target.path);
    });
  }

  /**
   * Zips the sources into `targetZip`. Each source is stored under its own name (a folder with its
   * contents below it); the server folder as a source stores its contents at the top.
   */
  async archive(targetZip: string, sources: string[]): Promise<void> {
    return withFsErrors(targetZip, async () => {
      const realRoot = await realpath(this.root);
      const target = await this.resolve(targetZip);
      const picked = await Promise.all(
        sources.map(async (source) => {
          const path = await this.resolve(source);
          await lstat(path).catch((error: unknown) => {
            throw withPath(error, source);
          });
          return { path, name: path === realRoot ? '' : basename(path) };
        }),
      );
      await writeFileAtomic(target, await createZip(realRoot, picked, target));
    });
  }

  /**
   * Extracts a zip or tar (plain, .gz/.tgz, .bz2, .xz) into `destination`, which is created if
   * missing; `limits` bound what it may write (ExtractionBudget's defaults otherwise).
   */
  async extract(archivePath: string, destination: string, limits: Partial<ExtractLimits> = {}): Promise<void> {
    return withFsErrors(archivePath, async () => {
      const archive = await this.resolve(archivePath);
      const format = await detectArchiveFormat(archive);
      if (!format) throw new OutpostError('ErrUnsupportedArchive', `not an archive we can extract: ${archivePath}`, { path: archivePath });
      await this.mkdir(destination);
      const target = new ArchiveDestination(this.root, normaliseUserPath(destination));
      if (format === 'zip') await extractZip(archive, target, limits);
      else await extractTar(archive, format, target, limits);
    });
  }

  /** A listing row; a link counts as what it points at, or as an empty file when that is outside or gone. */
  private async entryOf(path: string, name: string): Promise<FileEntry | undefined> {
    const info = await lstat(path).catch(() => undefined);
    if (!info) return undefined;
    if (!info.isSymbolicLink()) return toEntry(name, info);
    const real = await realpath(path).catch(() => undefined);
    const realRoot = await realpath(this.root);
    const target = real && isInside(realRoot, real) ? await stat(real).catch(() => undefined) : undefined;
    return target ? toEntry(name, target) : { name, isFile: true, size: 0, modifyTime: Math.floor(info.mtimeMs / 1000) };
  }
}

function toEntry(name: string, info: Stats): FileEntry {
  const isFile = !info.isDirectory();
  return { name, isFile, size: isFile ? info.size : 0, modifyTime: Math.floor(info.mtimeMs / 1000) };
}

function withPath(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? new OutpostError('ErrNotFound', `no such file or folder: ${path}`, { path }) : error;
}
