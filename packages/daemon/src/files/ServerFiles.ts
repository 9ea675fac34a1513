import { constants, type Stats } from 'node:fs';
import { open, readFile, readlink, stat, type FileHandle } from 'node:fs/promises';
import { basename, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OutpostError } from '@outpost/shared/errors';
import { ArchiveDestination } from './ArchiveDestination.js';
import { copyEntry } from './copyEntry.js';
import { createZip } from './createZip.js';
import { detectArchiveFormat } from './detectArchiveFormat.js';
import { extractTar } from './extractTar.js';
import { extractZip } from './extractZip.js';
import { defaultExtractLimits, type ExtractLimits } from './ExtractionBudget.js';
import { DiskRoom } from './DiskRoom.js';
import type { DiskQuota } from '../disk/DiskUsage.js';
import { FileReadStream } from './FileReadStream.js';
import { FileWriteStream } from './FileWriteStream.js';
import { fsError, withFsErrors } from './fsError.js';
import { JailProcess } from './JailProcess.js';
import { JailOpNames, type JailOps, type JailRunner } from './JailRunner.js';
import { jailPath, outside, UploadFolder } from './jailPath.js';
import { isInside } from './resolveInside.js';
import { assertReachable } from '../servers/serverUsers.js';
import { isFolder, isRegular, O_PATH, removeServerFolder, ServerJail, type FileInfo, type ListedEntry, type OpenedFile, type SetAttributes } from './ServerJail.js';

/** open(2)'s access-mode bits (read, write, both). */
const O_ACCMODE = 3;

/** One row of a listing (server-page.md section 3, "File entry"). */
export interface FileEntry {
  name: string;
  isFile: boolean;
  size: number;
  /** Epoch seconds. */
  modifyTime: number;
}

export interface ServerFilesOptions {
  /** Run every operation in this process whoever owns the folder (the jail's own child does). */
  local?: boolean;
  /** How long an unused child with the server's uid lives (ms). */
  idleMs?: number;
  /** Free bytes writes leave on the disk (DiskRoom's default otherwise). */
  diskReserveBytes?: number;
  /** The server's disk limit: writes are refused past it, and what they change is counted (issue 30). */
  quota?: DiskQuota;
}

/**
 * The one door to a server's files, after Wings' filesystem object: HTTP routes, the WebSocket,
 * SFTP, install steps and archive extraction all come through here. Paths are relative to the
 * server folder; a leading "/" means the server folder. Missing files answer ErrNotFound, paths
 * that leave the folder ErrPathOutsideServer.
 *
 * Every operation runs through ServerJail (no window between check and use). When the daemon
 * runs as root and the folder belongs to another user, the operations run in a child process
 * with that user's uid and gid, so a path that slipped past the jail would still meet the
 * operating system's permissions. File contents never cross to the child: the daemon opens its
 * own copy of a file the child opened (/proc/<pid>/fd/<n>), with no more access than the child got.
 */
export class ServerFiles {
  readonly jail: ServerJail;
  /** The operations run in this process. */
  readonly local: JailRunner;
  private child?: JailProcess;
  /** Whether the folders above were found searchable by the server's user; asked again until they are. */
  private reachable = false;
  private readonly disk: DiskRoom;
  /** Resumable uploads being appended to now, by id: one append at a time, and an offset asked meanwhile waits for it. */
  private readonly appending = new Map<string, Promise<number>>();

  constructor(
    readonly root: string,
    private readonly options: ServerFilesOptions = {},
  ) {
    this.jail = new ServerJail(root);
    this.disk = new DiskRoom(root, options.diskReserveBytes);
    const ops: JailOps = {
      stat: (path, follow) => this.jail.stat(path, follow),
      list: (path) => this.jail.list(path),
      realPath: (path) => this.jail.realPath(path),
      open: async (path, flags, mode) => ({ ...(await this.jail.open(path, flags, mode)), proc: '/proc/self' }),
      release: (fd) => this.jail.release(fd),
      createTemp: async () => ({ ...(await this.jail.createTemp()), proc: '/proc/self' }),
      commitTemp: (temp, path) => this.jail.commitTemp(temp, path),
      discardTemp: (temp) => this.jail.discardTemp(temp),
      openStaged: async (id, create) => ({ ...(await this.jail.openStaged(id, create)), proc: '/proc/self' }),
      commitStaged: (id, path) => this.jail.commitStaged(id, path),
      discardStaged: (id) => this.jail.discardStaged(id),
      mkdir: (path, recursive, mode) => this.jail.mkdir(path, recursive, mode),
      remove: (path, kind) => this.jail.remove(path, kind),
      rename: (from, to, replace, restoring) => this.jail.rename(from, to, replace, restoring),
      readlink: (path) => this.jail.readlink(path),
      symlink: (path, text, replace) => this.jail.symlink(path, text, replace),
      setattr: (path, attrs) => this.jail.setattr(path, attrs),
      archive: (target, sources) => this.archiveHere(target, sources),
      extract: (archive, destination, limits) => this.extractHere(archive, destination, limits),
    };
    this.local = {
      run: (op, ...args) => {
        if (!JailOpNames.includes(op)) return Promise.reject(new OutpostError('ErrGeneric', `unknown file operation ${String(op)}`));
        return (ops[op] as (...a: unknown[]) => Promise<never>)(...args);
      },
    };
  }

  /** A folder's entries, folders first, then by name; a link counts as what it points at, or as an empty file when that is outside or gone. */
  async list(path: string): Promise<FileEntry[]> {
    const entries = await this.entries(path);
    return entries
      .map(({ name, info, target }) => (target ? toEntry(name, target) : isLinkInfo(info) ? { name, isFile: true, size: 0, modifyTime: Math.floor(info.mtimeMs / 1000) } : toEntry(name, info)))
      .sort((a, b) => Number(a.isFile) - Number(b.isFile) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** A folder's entries as the jail sees them (links as links, with what they lead to inside). */
  entries(path: string): Promise<ListedEntry[]> {
    return this.run(path, 'list', path);
  }

  /** One entry, following links. */
  async stat(path: string): Promise<FileEntry> {
    return toEntry(posix.basename(jailPath(path)), await this.info(path, true));
  }

  /** An entry's details; with `follow` a link answers what it leads to. */
  info(path: string, follow: boolean): Promise<FileInfo> {
    return this.run(path, 'stat', path, follow);
  }

  /** A file's contents; folders, pipes and devices are refused (ErrNotAFile), without blocking. */
  async readStream(path: string): Promise<{ stream: Readable; size: number }> {
    const file = await this.openFile(path, constants.O_RDONLY);
    const { size } = await file.stat();
    return { stream: new FileReadStream(file), size };
  }

  /**
   * The daemon's own handle on a regular file of the server, opened with open(2) flags (O_CREAT,
   * O_EXCL, O_TRUNC, O_APPEND honoured; `mode` for a new file). The caller closes it.
   */
  async openFile(path: string, flags: number, mode?: number): Promise<FileHandle> {
    return withFsErrors(path, async () => {
      if (flags & (constants.O_WRONLY | constants.O_RDWR)) {
        await this.disk.assertRoom();
        await this.quota?.assertRoom();
        this.quota?.changed();
      }
      const runner = await this.runner();
      const opened = await runner.run('open', path, flags, mode);
      try {
        return await this.adopt(opened, path);
      } finally {
        await runner.run('release', opened.fd).catch(() => {});
      }
    });
  }

  /** Writes a file through a temp file in a hidden folder and a rename, creating missing folders. */
  async write(path: string, data: Readable | Buffer | string): Promise<void> {
    return withFsErrors(path, async () => {
      if (jailPath(path) === '') throw new OutpostError('ErrNotAFile', 'cannot write the server folder itself', { path });
      const meter = await this.disk.meter();
      const runner = await this.runner();
      // Without a limit the count may run ahead until the next scan: a stat per write is spent only where it decides a refusal.
      const quota = this.quota && (await this.quota.meter(this.quota.limit > 0 ? await this.replacedSize(runner, path) : 0));
      const temp = await runner.run('createTemp');
      try {
        const file = await this.adopt(temp, path);
        const source = typeof data === 'string' || data instanceof Uint8Array ? Readable.from([data]) : data;
        await (quota ? pipeline(source, meter, quota, new FileWriteStream(file)) : pipeline(source, meter, new FileWriteStream(file)));
      } catch (error) {
        await runner.run('discardTemp', temp).catch(() => {});
        throw error;
      }
      await runner.run('commitTemp', temp, path);
      quota?.commit();
    });
  }

  /**
   * Starts a resumable upload (tus) to `path`: an empty staged file in the hidden upload folder,
   * named by the panel's id. The path is checked now, so a bad one is refused before any byte is sent.
   */
  async startUpload(id: string, path: string): Promise<void> {
    if (jailPath(path) === '') throw new OutpostError('ErrNotAFile', 'cannot write the server folder itself', { path });
    await this.disk.assertRoom();
    await this.quota?.assertRoom();
    await this.release(await this.run(UploadFolder, 'openStaged', id, true));
  }

  /** Bytes a resumable upload holds so far: its staged file's size, once an append under way has settled. */
  async uploadOffset(id: string): Promise<number> {
    await this.appending.get(id)?.catch(() => {});
    return this.stagedSize(id);
  }

  /**
   * Appends what `data` brings to a resumable upload that holds `offset` bytes (409 otherwise, as
   * tus says), counting it against the disk limit as it comes; answers the new offset. Bytes that
   * arrived before the source broke off stay: the offset says where to go on. Past the disk limit
   * the staged bytes go, so nothing hidden keeps taking the server's room.
   */
  async appendUpload(id: string, offset: number, data: Readable): Promise<number> {
    if (this.appending.has(id)) throw new OutpostError('ErrAlreadyExists', 'another request is appending to this upload', { upload: id }, 409);
    const work = this.appendHere(id, offset, data);
    this.appending.set(id, work);
    try {
      return await work;
    } finally {
      this.appending.delete(id);
    }
  }

  /** Renames a complete resumable upload to `path` (missing folders made), replacing a file there. */
  async finishUpload(id: string, path: string): Promise<void> {
    const runner = await this.runner();
    const replaced = await this.replacedSize(runner, path);
    await this.run(path, 'commitStaged', id, path);
    this.quota?.freed(replaced);
  }

  /** Removes a resumable upload's staged bytes (given up, or abandoned). */
  async abortUpload(id: string): Promise<void> {
    await this.appending.get(id)?.catch(() => {});
    await this.changing(this.run(UploadFolder, 'discardStaged', id));
  }

  private async appendHere(id: string, offset: number, data: Readable): Promise<number> {
    const meter = await this.disk.meter();
    const quota = this.quota && (await this.quota.meter(0));
    const opened = await this.run(UploadFolder, 'openStaged', id, false);
    let file: FileHandle;
    try {
      file = await this.adopt(opened, UploadFolder);
    } finally {
      await this.release(opened);
    }
    const { size } = await file.stat();
    if (size !== offset) {
      await file.close();
      data.resume();
      throw new OutpostError('ErrFieldNotEqual', `the upload holds ${size} bytes, not ${offset}`, { field: 'Upload-Offset', offset: size }, 409);
    }
    try {
      await (quota ? pipeline(data, meter, quota, new FileWriteStream(file)) : pipeline(data, meter, new FileWriteStream(file)));
    } catch (error) {
      if (error instanceof OutpostError && error.code === 'ErrQuotaExceeded') {
        await this.changing(this.run(UploadFolder, 'discardStaged', id)).catch(() => {});
      } else {
        // What came before the break is in the file, and counts.
        quota?.commit();
      }
      throw error;
    }
    quota?.commit();
    return this.stagedSize(id);
  }

  private async stagedSize(id: string): Promise<number> {
    const opened = await this.run(UploadFolder, 'openStaged', id, false);
    await this.release(opened);
    return opened.info.size;
  }

  /** Lets go of what a runner opened for us. */
  private async release(opened: OpenedFile): Promise<void> {
    const runner = await this.runner();
    await runner.run('release', opened.fd).catch(() => {});
  }

  /** Creates a folder and any missing parents; an existing folder is fine. */
  mkdir(path: string): Promise<void> {
    return this.run(path, 'mkdir', path, true);
  }

  /** Creates one folder (its parent must exist) with the permission bits given. */
  makeFolder(path: string, mode?: number): Promise<void> {
    return this.run(path, 'mkdir', path, false, mode);
  }

  /** Deletes a file, a link (not what it points at) or a folder with everything in it; never the server folder. */
  delete(path: string): Promise<void> {
    return this.removing(path, 'tree');
  }

  /** Deletes a file or link ('file') or an empty folder ('folder'). */
  remove(path: string, kind: 'file' | 'folder'): Promise<void> {
    return this.removing(path, kind);
  }

  /** Moves or renames; refuses to replace something that exists unless `replace`. Creates missing parent folders of `to`. `restoring`: ServerJail.rename. */
  rename(from: string, to: string, replace = false, restoring = false): Promise<void> {
    return this.run(from, 'rename', from, to, replace, restoring);
  }

  /** Copies a file or a folder with its contents (copyEntry.ts): never over something that exists, and within the disk limit. */
  copy(from: string, to: string): Promise<void> {
    return copyEntry(this, from, to);
  }

  /** A link's target as a session path ("/..."), only when it stays inside. */
  readlink(path: string): Promise<string> {
    return this.run(path, 'readlink', path);
  }

  /** Creates a link holding `text` (relative), which must lead to a place inside. */
  symlink(path: string, text: string, replace = false): Promise<void> {
    return this.run(path, 'symlink', path, text, replace);
  }

  /** Applies size, permission bits and times to what the path leads to. */
  setattr(path: string, attrs: SetAttributes): Promise<void> {
    return this.changing(this.run(path, 'setattr', path, attrs));
  }

  /**
   * Zips the sources into `targetZip`. Each source is stored under its own name (a folder with its
   * contents below it); the server folder as a source stores its contents at the top.
   */
  async archive(targetZip: string, sources: string[]): Promise<void> {
    await this.quota?.assertRoom();
    return this.changing(this.run(targetZip, 'archive', targetZip, sources), true);
  }

  /**
   * Extracts a zip or tar (plain, .gz/.tgz, .bz2, .xz) into `destination`, which is created if
   * missing; `limits` bound what it may write (ExtractionBudget's defaults otherwise).
   */
  async extract(archivePath: string, destination: string, limits: Partial<ExtractLimits> = {}): Promise<void> {
    // The extraction may run in the server user's child, which knows no quota: it gets the room left as its byte limit.
    const room = this.quota ? await this.quota.room() : Infinity;
    if (room <= 0) await this.quota?.assertRoom();
    const bounded = room === Infinity ? limits : { ...limits, maxBytes: Math.min(limits.maxBytes ?? defaultExtractLimits.maxBytes, room) };
    return this.changing(this.run(archivePath, 'extract', archivePath, destination, bounded), true);
  }

  /**
   * A path the server's own work names (a step's target, a docker binding) as a path in the server
   * folder: an absolute one that starts at the folder, by its name or its real path (as
   * "${rootDir}/server.jar" does), counts from there; any other text counts from the folder, like
   * every user path. Climbing out is refused here; links are met where the path is used.
   */
  async pathOf(text: string): Promise<string> {
    if (isAbsolute(text) && !text.includes('\0')) {
      const base = [this.root, await this.jail.realRoot()].find((candidate) => isInside(candidate, resolve(text)));
      if (base) return jailPath(relative(base, resolve(text)));
    }
    return jailPath(text);
  }

  /**
   * The real absolute path of a folder of the server, made (as the server's user) when missing, for
   * what takes only a path: a program's working directory, a container's bind mount. The folder is
   * opened and what was opened checked to be inside, never the name joined onto the server folder.
   */
  async folder(path: string): Promise<string> {
    // Found here (O_PATH handles open nothing); only a missing folder needs the server's user to make it.
    let real = await this.jail.realPath(path).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw fsError(error, path);
    });
    if (real === undefined) {
      await this.mkdir(path);
      real = await this.run(path, 'realPath', path);
    } else if (!isFolder(await withFsErrors(path, () => this.jail.stat(path, true)))) {
      throw new OutpostError('ErrAlreadyExists', `already exists: ${path}`, { path });
    }
    const root = await this.jail.realRoot();
    return real ? join(root, real) : root;
  }

  /**
   * Removes the whole server folder (the server is deleted): its child ends first, then everything
   * goes level by level beneath handles, so a link swapped in meanwhile is removed, never followed.
   */
  async removeFolder(): Promise<void> {
    this.close();
    await removeServerFolder(this.root);
  }

  /** Resolves once the child with the server's uid (if one runs) has no operation under way, or after `timeoutMs`. */
  settled(timeoutMs: number): Promise<void> {
    return this.child?.settled(timeoutMs) ?? Promise.resolve();
  }

  /** Ends the child with the server's uid, if one runs (server deleted, daemon closing). */
  close(): void {
    this.child?.close();
    this.child = undefined;
  }

  private async archiveHere(targetZip: string, sources: string[]): Promise<void> {
    const root = await this.jail.realRoot();
    if (jailPath(targetZip) === '') throw new OutpostError('ErrNotAFile', 'cannot write the server folder itself', { path: targetZip });
    const picked = await Promise.all(
      sources.map(async (source) => {
        const real = await this.jail.realPath(source).catch((error: unknown) => {
          throw fsError(error, source);
        });
        return { path: real ? join(root, real) : root, name: real ? basename(real) : '' };
      }),
    );
    // Runs as the server's user when the daemon is root; the upload folder (where the zip is written) is left out.
    await this.write(targetZip, await createZip(root, picked, join(root, UploadFolder)));
  }

  private async extractHere(archivePath: string, destination: string, limits: Partial<ExtractLimits> = {}): Promise<void> {
    const archive = await this.jail.open(archivePath, constants.O_RDONLY);
    try {
      // The archive is read through the handle the jail checked, never by its name again.
      const handlePath = `/proc/self/fd/${archive.fd}`;
      const format = await detectArchiveFormat(handlePath, archivePath);
      if (!format) throw new OutpostError('ErrUnsupportedArchive', `not an archive we can extract: ${archivePath}`, { path: archivePath });
      await this.jail.mkdir(destination, true);
      const target = new ArchiveDestination(this, jailPath(destination));
      if (format === 'zip') await extractZip(handlePath, target, limits);
      else await extractTar(handlePath, format, target, limits);
    } finally {
      await this.jail.release(archive.fd);
    }
  }

  /** The server's disk limit, when it has one (issue 30). */
  get quota(): DiskQuota | undefined {
    return this.options.quota;
  }

  /**
   * Settles as `work` does, telling the quota the folder changed, whether or not it all went
   * through; `soon` when it may have written much unmetered (an archive or extraction made by the
   * server user's child, which knows no quota), so the use shown and the limit catch up at once.
   */
  private changing<T>(work: Promise<T>, soon = false): Promise<T> {
    return work.finally(() => this.quota?.changed(soon));
  }

  /** Removes, then tells the quota what went: a file's size at once, a folder by a scan soon. */
  private async removing(path: string, kind: 'file' | 'folder' | 'tree'): Promise<void> {
    const quota = this.quota;
    if (!quota) return this.run(path, 'remove', path, kind);
    const info = await this.run(path, 'stat', path, false).catch(() => undefined);
    await this.changing(this.run(path, 'remove', path, kind));
    if (info && isRegular(info)) quota.freed(info.size);
    else quota.changed(true);
  }

  /** The size of the regular file a write to `path` would replace; 0 when there is none. */
  private async replacedSize(runner: JailRunner, path: string): Promise<number> {
    const info = await runner.run('stat', path, false).catch(() => undefined);
    return info && isRegular(info) ? info.size : 0;
  }

  /** Runs an operation where it must run, with file system errors answered as API errors. */
  private run<K extends keyof JailOps>(path: string, op: K, ...args: Parameters<JailOps[K]>): Promise<Awaited<ReturnType<JailOps[K]>>> {
    type Result = Awaited<ReturnType<JailOps[K]>>;
    return withFsErrors(path, () => this.runner().then((runner) => runner.run(op, ...args)) as Promise<Result>);
  }

  /** In this process, unless the daemon is root and the folder belongs to another user: then in a child with that user's ids. */
  private async runner(): Promise<JailRunner> {
    if (this.options.local || process.getuid?.() !== 0) return this.local;
    const { uid, gid } = await stat(this.root);
    if (uid === 0) return this.local;
    // Else every operation would fail with a bare EACCES, naming neither the folder nor the fix.
    if (!this.reachable) await assertReachable(this.root);
    this.reachable = true;
    if (this.child && !this.child.runsAs(uid, gid)) this.close();
    this.child ??= new JailProcess(this.root, { uid, gid }, this.options.idleMs);
    return this.child;
  }

  /**
   * Opens the daemon's own copy of a file a runner holds: with the access mode the runner's open
   * got (so never more than the server's user may), and only if it is the same file, inside.
   */
  private async adopt(opened: OpenedFile, path: string): Promise<FileHandle> {
    const proc = opened.proc ?? '/proc/self';
    const fdinfo = await readFile(`${proc}/fdinfo/${opened.fd}`, 'utf8');
    const flags = Number.parseInt(/^flags:\s*([0-7]+)$/m.exec(fdinfo)?.[1] ?? '', 8);
    if (Number.isNaN(flags) || flags & O_PATH) throw outside(path);
    const file = await open(`${proc}/fd/${opened.fd}`, (flags & O_ACCMODE) | (flags & constants.O_APPEND));
    try {
      const info = await file.stat();
      const real = await readlink(`/proc/self/fd/${file.fd}`);
      if (!info.isFile() || info.dev !== opened.info.dev || info.ino !== opened.info.ino || !isInside(await this.jail.realRoot(), real)) throw outside(path);
      // The child runs as the server's user, whose programs could steer it: what root just opened
      // must be a file that user may open so too.
      if (opened.proc && !permits(info, await stat(this.root), flags & O_ACCMODE)) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      return file;
    } catch (error) {
      await file.close();
      throw error;
    }
  }
}

/** Whether the owner of `folder` (the server's user, whose gid is its own) may open `info` with the access mode. */
function permits(info: Stats, folder: Stats, access: number): boolean {
  const bits = info.uid === folder.uid ? info.mode >> 6 : info.gid === folder.gid ? info.mode >> 3 : info.mode;
  const read = access !== constants.O_WRONLY;
  const write = access !== constants.O_RDONLY;
  return (!read || (bits & 4) !== 0) && (!write || (bits & 2) !== 0);
}

function isLinkInfo(info: FileInfo): boolean {
  return (info.mode & 0o170000) === 0o120000;
}

function toEntry(name: string, info: FileInfo): FileEntry {
  const isFile = !isFolder(info);
  return { name, isFile, size: isFile ? info.size : 0, modifyTime: Math.floor(info.mtimeMs / 1000) };
}
