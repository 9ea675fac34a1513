import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { chmod, lstat, mkdir, stat, open, readdir, readlink, realpath, rename, rmdir, symlink, truncate, unlink, utimes, type FileHandle } from 'node:fs/promises';
import { isAbsolute, posix, relative } from 'node:path';
import { OutpostError } from '@outpost/shared/errors';
import { isInside, resolveInside } from './resolveInside.js';
import { normaliseUserPath } from './normaliseUserPath.js';
import { jailPath, outside, UploadFolder } from './jailPath.js';

/** open(2)'s O_PATH (Linux x86-64 and arm64): a handle on a place that opens nothing, so no side effect. */
export const O_PATH = 0o10000000;
const { O_WRONLY, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK, O_CREAT, O_EXCL } = constants;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

/** What the jail tells of a file: plain data, so it crosses to the daemon unchanged. */
export interface FileInfo {
  mode: number;
  size: number;
  atimeMs: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

export interface ListedEntry {
  name: string;
  /** The entry itself (a link is a link). */
  info: FileInfo;
  /** What a link leads to, only when that is inside the server folder. */
  target?: FileInfo;
}

/** A file the jail opened and holds until `release`; `proc` is set by the runner that answered. */
export interface OpenedFile {
  fd: number;
  info: FileInfo;
  proc?: string;
}

export interface TempFile extends OpenedFile {
  name: string;
}

export interface SetAttributes {
  size?: number;
  mode?: number;
  atime?: number;
  mtime?: number;
}

export const isFolder = (info: FileInfo) => (info.mode & S_IFMT) === S_IFDIR;
export const isRegular = (info: FileInfo) => (info.mode & S_IFMT) === S_IFREG;

/** A resumable upload's staged file: its id (32 hex digits, the panel's) behind a prefix no temp file has. */
const StagedName = /^tus-[0-9a-f]{32}$/;

function stagedName(id: string): string {
  const name = `tus-${id}`;
  if (!StagedName.test(name)) throw new OutpostError('ErrNotFound', `no upload ${String(id).slice(0, 64)}`, { upload: String(id).slice(0, 64) });
  return name;
}

const fdPath = (fd: number, name?: string) => (name === undefined ? `/proc/self/fd/${fd}` : `/proc/self/fd/${fd}/${name}`);

/**
 * The primitives of one server's file jail, with no window between check and use. A path is
 * never trusted as a string: its folder is opened (links followed), the open handle's real path
 * (/proc/self/fd) is checked to be inside the server folder, and the last name is then used
 * beneath that handle (/proc/self/fd/N/name) without following it (O_NOFOLLOW, lstat, rename,
 * unlink). Where a last link must be followed (reading, stat), the place is opened with O_PATH,
 * which touches nothing, checked, and only then opened for real through its handle. A link that
 * is swapped in at any moment therefore leads nowhere outside, while links inside keep working.
 * Only regular files are opened for contents, without blocking: a pipe or device answers ErrNotAFile.
 * Linux only (/proc and O_PATH). The daemon runs this in-process, or in a child with the server's
 * uid (JailProcess); the code is the same.
 */
export class ServerJail {
  private real?: Promise<string>;
  private readonly held = new Map<number, FileHandle>();

  constructor(readonly root: string) {}

  /** The server folder's real path, the reference every handle is checked against. */
  realRoot(): Promise<string> {
    this.real ??= realpath(this.root);
    return this.real;
  }

  /** An entry's details; with `follow`, a link answers what it leads to (inside only). */
  async stat(userPath: string, follow: boolean): Promise<FileInfo> {
    if (follow) return this.withPlace(userPath, async (place) => toInfo(await place.stat()));
    // "" is the server folder, reached through its handle's magic link, which stat must follow.
    return this.withParent(userPath, false, async ({ at, name }) => toInfo(name === '' ? await stat(at) : await lstat(at)));
  }

  /** A folder's entries with their details; Outpost's upload folder is left out. */
  async list(userPath: string): Promise<ListedEntry[]> {
    return this.withPlace(userPath, async (place) => {
      const top = jailPath(userPath) === '';
      const names = (await readdir(fdPath(place.fd))).filter((name) => !(top && name === UploadFolder));
      const entries = await Promise.all(names.map((name) => this.listed(place.fd, name)));
      return entries.filter((entry): entry is ListedEntry => entry !== undefined);
    });
  }

  /** The real path (relative to the server folder) a user path leads to, links followed. */
  async realPath(userPath: string): Promise<string> {
    return this.withPlace(userPath, async (place) => relative(await this.realRoot(), await readlink(fdPath(place.fd))));
  }

  /**
   * Opens a regular file for its contents with open(2) flags (O_CREAT, O_EXCL, O_TRUNC, O_APPEND
   * honoured) and holds it until `release`. A last link is followed only to a file inside.
   */
  async open(userPath: string, flags: number, mode = 0o644): Promise<OpenedFile> {
    if (jailPath(userPath) === '') throw notAFile(userPath);
    const access = flags & (O_WRONLY | constants.O_RDWR);
    const reopenFlags = access | (flags & constants.O_APPEND) | O_NONBLOCK;
    return this.withParent(userPath, false, async ({ at }) => {
      let place: FileHandle | undefined;
      try {
        place = await open(at, O_PATH);
      } catch (error) {
        if (errno(error) !== 'ENOENT' || !(flags & O_CREAT)) throw error;
      }
      if (!place) {
        // Nothing there (or a link to nothing): create it, never through a link.
        return this.hold(await open(at, flags | O_NOFOLLOW | O_NONBLOCK, mode & 0o777), userPath);
      }
      try {
        await this.verify(place, userPath);
        if (flags & O_CREAT && flags & O_EXCL) throw Object.assign(new Error('already exists'), { code: 'EEXIST' });
        if (!isRegular(toInfo(await place.stat()))) throw notAFile(userPath);
        return this.hold(await open(fdPath(place.fd), reopenFlags | (flags & constants.O_TRUNC)), userPath);
      } finally {
        await place.close();
      }
    });
  }

  /** Closes a file held for the daemon once it has its own copy (or gave up). */
  async release(fd: number): Promise<void> {
    const handle = this.held.get(fd);
    this.held.delete(fd);
    await handle?.close();
  }

  /** An empty file in the hidden upload folder, held open, to be committed or discarded. */
  async createTemp(): Promise<TempFile> {
    const name = randomBytes(12).toString('hex');
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.inUploads(true, async (dir) => {
          const handle = await open(fdPath(dir.fd, name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK, 0o644);
          return { ...(await this.hold(handle, name)), name };
        });
      } catch (error) {
        // Another upload's commit may have removed the empty folder between our mkdir and open.
        if (errno(error) !== 'ENOENT' || attempt >= 5) throw error;
      }
    }
  }

  /**
   * Renames a finished temp file over `userPath` (missing folders created; a link that leads to a
   * file inside is written through, as users expect). Keeps the old file's mode; refuses a folder.
   */
  async commitTemp(temp: { fd: number; name: string }, userPath: string): Promise<void> {
    if (!/^[0-9a-f]{24}$/.test(temp.name)) throw new OutpostError('ErrGeneric', 'not an upload of this jail');
    if (jailPath(userPath) === '') throw new OutpostError('ErrNotAFile', 'cannot write the server folder itself', { path: userPath });
    try {
      const target = await this.followLastLink(userPath);
      await this.withParent(target, true, async ({ at }) => {
        const old = await lstat(at).catch(() => undefined);
        if (old?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
        if (old?.isFile()) await this.held.get(temp.fd)?.chmod(old.mode & 0o777);
        await this.inUploads(false, (dir) => rename(fdPath(dir.fd, temp.name), at));
      });
    } catch (error) {
      await this.discardTemp(temp);
      throw error;
    }
    await this.release(temp.fd);
    await this.tidyUploads();
  }

  async discardTemp(temp: { fd: number; name: string }): Promise<void> {
    await this.release(temp.fd);
    if (!/^[0-9a-f]{24}$/.test(temp.name)) return;
    await this.inUploads(false, (dir) => unlink(fdPath(dir.fd, temp.name))).catch(() => {});
    await this.tidyUploads();
  }

  /**
   * Empties the upload folder of what a crash mid-upload left behind; resumable uploads stay, to
   * be continued (their panel record says whose they are, and its sweep removes the abandoned).
   */
  async sweepUploads(): Promise<void> {
    await this.inUploads(false, async (dir) => {
      for (const name of await readdir(fdPath(dir.fd))) if (!StagedName.test(name)) await removeTree(dir.fd, name);
    }).catch((error: unknown) => {
      if (errno(error) !== 'ENOENT') throw error;
    });
    await this.tidyUploads();
  }

  /**
   * A resumable upload's staged file in the upload folder, opened for appending (`create`: a new,
   * empty one). Its size is the upload's offset, so nothing else needs keeping on the node.
   */
  async openStaged(id: string, create: boolean): Promise<OpenedFile> {
    const name = stagedName(id);
    return this.inUploads(create, async (dir) => {
      const handle = await open(fdPath(dir.fd, name), O_WRONLY | constants.O_APPEND | O_NOFOLLOW | O_NONBLOCK | (create ? O_CREAT | O_EXCL : 0), 0o644);
      return this.hold(handle, name);
    });
  }

  /** Renames a complete staged upload over `userPath`, as commitTemp does a temp file. */
  async commitStaged(id: string, userPath: string): Promise<void> {
    const name = stagedName(id);
    if (jailPath(userPath) === '') throw notAFile(userPath);
    const target = await this.followLastLink(userPath);
    await this.withParent(target, true, async ({ at }) => {
      const old = await lstat(at).catch(() => undefined);
      if (old?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
      await this.inUploads(false, async (dir) => {
        if (old?.isFile()) await chmod(fdPath(dir.fd, name), old.mode & 0o777);
        await rename(fdPath(dir.fd, name), at);
      });
    });
    await this.tidyUploads();
  }

  /** Removes a staged upload; one already gone is fine. */
  async discardStaged(id: string): Promise<void> {
    const name = stagedName(id);
    await this.inUploads(false, (dir) => unlink(fdPath(dir.fd, name))).catch((error: unknown) => {
      if (errno(error) !== 'ENOENT') throw error;
    });
    await this.tidyUploads();
  }

  /** Creates a folder; `recursive` makes missing parents and accepts an existing folder. */
  async mkdir(userPath: string, recursive: boolean, mode = 0o755): Promise<void> {
    const clean = jailPath(userPath);
    if (recursive) return void (await (await this.openFolder(clean, userPath, true)).close());
    if (clean === '') throw Object.assign(new Error('exists'), { code: 'EEXIST' });
    await this.withParent(userPath, false, ({ at }) => mkdir(at, mode & 0o777));
  }

  /** Removes a file or link ('file'), an empty folder ('folder') or anything with its contents ('tree'); never the server folder. */
  async remove(userPath: string, kind: 'file' | 'folder' | 'tree'): Promise<void> {
    if (jailPath(userPath) === '') throw new OutpostError('ErrNoPermission', 'the server folder itself cannot be deleted', { path: userPath });
    await this.withParent(userPath, false, async ({ dir, name, at }) => {
      const info = await lstat(at);
      if (kind === 'file' && info.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
      if (kind === 'file') await unlink(at);
      else if (kind === 'folder') await rmdir(at);
      else await removeTree(dir.fd, name);
    });
  }

  /**
   * Moves an entry itself (a link stays a link); refuses a folder into itself, and an existing
   * target unless `replace` (then as rename(2): a file is replaced, a non-empty folder is not).
   * A link keeps its text, so where it leads changes with its place: a link, or a link inside a
   * folder moved elsewhere, that would lead out from its new place is refused, as when made.
   */
  /**
   * `restoring` is a restore putting entries back at the very places they were backed up from: the
   * links it moves lead where they led then, so they are not checked again (a link a server's
   * program made to outside its folder comes back as it was; the jail still never follows one).
   */
  async rename(from: string, to: string, replace = false, restoring = false): Promise<void> {
    if (jailPath(from) === '' || jailPath(to) === '') throw new OutpostError('ErrNoPermission', 'the server folder itself cannot be moved', { path: from });
    await this.withParent(from, false, (source) =>
      this.withParent(to, true, async (target) => {
        const info = await lstat(source.at);
        if (!replace && (await lstat(target.at).catch(() => undefined))) throw new OutpostError('ErrAlreadyExists', `already exists: ${to}`, { path: to });
        const sourceFolder = await readlink(fdPath(source.dir.fd));
        const targetFolder = await readlink(fdPath(target.dir.fd));
        const sourceReal = posix.join(sourceFolder, source.name);
        const targetReal = posix.join(targetFolder, target.name);
        if (isInside(sourceReal, targetReal)) throw new OutpostError('ErrInvalidPath', 'cannot move a folder into itself', { path: to });
        if (restoring) {
          // Placed as it was backed up: see above.
        } else if (info.isSymbolicLink()) await this.requireLeadsInside(targetFolder, await readlink(source.at), to);
        // Within the same folder a folder's links climb as far as before, so only a move elsewhere is walked.
        else if (info.isDirectory() && sourceFolder !== targetFolder) await this.requireLinksInside(source.at, targetReal, to);
        await rename(source.at, target.at);
      }),
    );
  }

  /** A link's target as a path from the server folder ("/..."), only when it stays inside. */
  async readlink(userPath: string): Promise<string> {
    const clean = jailPath(userPath);
    if (clean === '') throw Object.assign(new Error('not a link'), { code: 'EINVAL' });
    const text = await this.withParent(userPath, false, ({ at }) => readlink(at));
    const root = await this.realRoot();
    if (isAbsolute(text)) {
      if (!isInside(root, text)) throw outside(userPath);
      return '/' + relative(root, text);
    }
    return '/' + normaliseUserPath(posix.join(posix.dirname(clean), text));
  }

  /** Creates a link holding `text`, which must lead (from where the link sits) to a place inside. */
  async symlink(userPath: string, text: string, replace = false): Promise<void> {
    const clean = jailPath(userPath);
    if (clean === '' || isAbsolute(text) || text.includes('\0')) throw outside(userPath);
    // Refused up front as well when it would lead out through a link already there; every use is checked anyway.
    await resolveInside(this.root, normaliseUserPath(posix.join(posix.dirname(clean), text)));
    await this.withParent(userPath, true, async ({ dir, at }) => {
      // Read again from the folder the link really sits in, as the path may reach it through a link.
      if (!isInside(await this.realRoot(), posix.resolve(await readlink(fdPath(dir.fd)), text))) throw outside(userPath);
      if (replace) {
        const old = await lstat(at).catch(() => undefined);
        if (old && !old.isDirectory()) await unlink(at);
      }
      await symlink(text, at);
    });
  }

  /** Applies size, permission bits (no setuid) and times to what the path leads to. */
  async setattr(userPath: string, attrs: SetAttributes): Promise<void> {
    await this.withPlace(userPath, async (place) => {
      const at = fdPath(place.fd);
      if (attrs.size !== undefined) {
        if (!isRegular(toInfo(await place.stat()))) throw notAFile(userPath);
        await truncate(at, attrs.size);
      }
      if (attrs.mode !== undefined) await chmod(at, attrs.mode & 0o777);
      if (attrs.atime !== undefined && attrs.mtime !== undefined) await utimes(at, attrs.atime, attrs.mtime);
    });
  }

  /** Refuses a link text that, read from the real folder `from` the link sits in, leads out of the server folder. */
  private async requireLeadsInside(from: string, text: string, userPath: string): Promise<void> {
    const root = await this.realRoot();
    const lexical = posix.resolve(from, text);
    if (text.includes('\0') || !isInside(root, lexical)) throw outside(userPath);
    // Links already on the way are followed too.
    await resolveInside(root, relative(root, lexical));
  }

  /** Checks every link beneath the folder at `at` (walked without following links) as if the folder were at `place`. */
  private async requireLinksInside(at: string, place: string, userPath: string): Promise<void> {
    const folder = await open(at, O_PATH | O_DIRECTORY | O_NOFOLLOW);
    try {
      for (const entry of await readdir(fdPath(folder.fd), { withFileTypes: true })) {
        const child = fdPath(folder.fd, entry.name);
        // Some file systems leave the type unknown in the listing.
        const kind = entry.isFile() || entry.isDirectory() || entry.isSymbolicLink() ? entry : await lstat(child);
        if (kind.isSymbolicLink()) await this.requireLeadsInside(place, await readlink(child), userPath);
        else if (kind.isDirectory()) await this.requireLinksInside(child, posix.join(place, entry.name), userPath);
      }
    } finally {
      await folder.close();
    }
  }

  /** Runs `work` with the folder holding the path's last name (opened, checked) and that name; "" is the server folder itself. */
  private async withParent<T>(userPath: string, create: boolean, work: (entry: { dir: FileHandle; name: string; at: string }) => Promise<T>): Promise<T> {
    const clean = jailPath(userPath);
    if (clean === '') {
      const dir = await this.openFolder('', userPath, false);
      try {
        return await work({ dir, name: '', at: fdPath(dir.fd) });
      } finally {
        await dir.close();
      }
    }
    const dir = await this.openFolder(posix.dirname(clean), userPath, create);
    try {
      const name = posix.basename(clean);
      return await work({ dir, name, at: fdPath(dir.fd, name) });
    } finally {
      await dir.close();
    }
  }

  /** Runs `work` with an O_PATH handle on what the path leads to (last link followed), checked inside. */
  private async withPlace<T>(userPath: string, work: (place: FileHandle) => Promise<T>): Promise<T> {
    const place = await this.withParent(userPath, false, ({ at }) => this.openChecked(at, O_PATH, userPath));
    try {
      return await work(place);
    } finally {
      await place.close();
    }
  }

  /** Opens a folder (links followed, the result checked); `create` makes missing ones one level at a time. */
  private async openFolder(clean: string, userPath: string, create: boolean): Promise<FileHandle> {
    const root = await this.realRoot();
    const rel = clean === '.' ? '' : clean;
    try {
      return await this.openChecked(rel ? `${root}/${rel}` : root, O_PATH | O_DIRECTORY, userPath);
    } catch (error) {
      if (!create || errno(error) !== 'ENOENT') throw error;
    }
    let dir = await this.openChecked(root, O_PATH | O_DIRECTORY, userPath);
    for (const part of rel.split('/')) {
      try {
        await mkdir(fdPath(dir.fd, part), 0o755).catch((error: unknown) => {
          if (errno(error) !== 'EEXIST') throw error;
        });
        const next = await this.openChecked(fdPath(dir.fd, part), O_PATH | O_DIRECTORY, userPath);
        await dir.close();
        dir = next;
      } catch (error) {
        await dir.close();
        throw error;
      }
    }
    return dir;
  }

  private async openChecked(path: string, flags: number, userPath: string): Promise<FileHandle> {
    const handle = await open(path, flags);
    try {
      await this.verify(handle, userPath);
      return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Refuses a handle whose real place is not inside the server folder. */
  private async verify(handle: FileHandle, userPath: string): Promise<void> {
    if (!isInside(await this.realRoot(), await readlink(fdPath(handle.fd)))) throw outside(userPath);
  }

  private async hold(handle: FileHandle, userPath: string): Promise<OpenedFile> {
    try {
      const info = toInfo(await handle.stat());
      if (!isRegular(info)) throw notAFile(userPath);
      await this.verify(handle, userPath);
      this.held.set(handle.fd, handle);
      return { fd: handle.fd, info };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** A listing row: the entry, and for a link what it leads to when that is inside. */
  private async listed(folderFd: number, name: string): Promise<ListedEntry | undefined> {
    const info = await lstat(fdPath(folderFd, name)).catch(() => undefined);
    if (!info) return undefined;
    if (!info.isSymbolicLink()) return { name, info: toInfo(info) };
    const target = await this.openChecked(fdPath(folderFd, name), O_PATH, name).catch(() => undefined);
    if (!target) return { name, info: toInfo(info) };
    try {
      return { name, info: toInfo(info), target: toInfo(await target.stat()) };
    } finally {
      await target.close();
    }
  }

  /** Where a write to the path lands: a last link is followed to its place inside, a dangling one to where it would point. */
  private async followLastLink(userPath: string, hops = 0): Promise<string> {
    const clean = jailPath(userPath);
    const info = await this.withParent(userPath, false, ({ at }) => lstat(at)).catch(() => undefined);
    if (!info?.isSymbolicLink()) return clean;
    if (hops >= 40) throw outside(userPath);
    try {
      return await this.realPath(userPath);
    } catch (error) {
      if (errno(error) !== 'ENOENT') throw error;
    }
    const text = await this.withParent(userPath, false, ({ at }) => readlink(at));
    const root = await this.realRoot();
    let next: string;
    if (isAbsolute(text)) {
      if (!isInside(root, text)) throw outside(userPath);
      next = relative(root, text);
    } else {
      try {
        next = normaliseUserPath(posix.join(posix.dirname(clean), text));
      } catch {
        throw outside(userPath);
      }
    }
    return this.followLastLink(next, hops + 1);
  }

  /** Runs `work` on the upload folder (a real folder at the top, made when `create`). */
  private async inUploads<T>(create: boolean, work: (dir: FileHandle) => Promise<T>): Promise<T> {
    const root = await this.realRoot();
    const top = await open(root, O_PATH | O_DIRECTORY);
    try {
      if (create) {
        await mkdir(fdPath(top.fd, UploadFolder), 0o700).catch((error: unknown) => {
          if (errno(error) !== 'EEXIST') throw error;
        });
      }
      const dir = await open(fdPath(top.fd, UploadFolder), O_PATH | O_DIRECTORY | O_NOFOLLOW);
      try {
        return await work(dir);
      } finally {
        await dir.close();
      }
    } finally {
      await top.close();
    }
  }

  /** Removes the upload folder once no upload is in it, so a server folder looks as the user left it. */
  private async tidyUploads(): Promise<void> {
    const root = await this.realRoot();
    const top = await open(root, O_PATH | O_DIRECTORY);
    await rmdir(fdPath(top.fd, UploadFolder))
      .catch(() => {})
      .finally(() => top.close());
  }
}

/**
 * Removes a whole server folder (the server is deleted). Done as root, so it goes level by level
 * beneath handles like every jail removal: a link swapped in meanwhile is removed, never followed.
 */
export async function removeServerFolder(root: string): Promise<void> {
  const parent = await open(posix.dirname(root), O_PATH | O_DIRECTORY);
  try {
    await removeTree(parent.fd, posix.basename(root)).catch((error: unknown) => {
      if (errno(error) !== 'ENOENT') throw error;
    });
  } finally {
    await parent.close();
  }
}

/** rm -r beneath a folder handle: every level is opened O_NOFOLLOW, so a link swapped in is removed, never followed. */
async function removeTree(parentFd: number, name: string): Promise<void> {
  const at = fdPath(parentFd, name);
  let folder: FileHandle;
  try {
    folder = await open(at, O_PATH | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    if (errno(error) === 'ENOTDIR' || errno(error) === 'ELOOP') return unlink(at);
    throw error;
  }
  try {
    for (const child of await readdir(fdPath(folder.fd))) await removeTree(folder.fd, child);
  } finally {
    await folder.close();
  }
  await rmdir(at);
}

export function toInfo(stats: Stats): FileInfo {
  return { mode: stats.mode, size: stats.size, atimeMs: stats.atimeMs, mtimeMs: stats.mtimeMs, dev: stats.dev, ino: stats.ino };
}

function notAFile(userPath: string): OutpostError {
  return new OutpostError('ErrNotAFile', `not a file: ${userPath}`, { path: userPath });
}

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}
