import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { posix } from 'node:path';
import ssh2, { type Attributes, type SFTPWrapper } from 'ssh2';
import { OutpostError } from '@outpost/shared';
import type { ServerFiles } from '../files/ServerFiles.js';
import { isFolder, isRegular, type FileInfo } from '../files/ServerJail.js';
import { FileReader } from './FileReader.js';
import { FileWriter } from './FileWriter.js';
import { ReplyPacker } from './ReplyPacker.js';
import { longName, toAttributes } from './sftpAttributes.js';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
/** Largest READ answered; clients ask for 32 KiB (OpenSSH, ssh2) up to 255 KiB. */
const MaxRead = 255 * 1024;
/**
 * The READ and WRITE size the session names to a client that asks (OpenSSH's limits@openssh.com):
 * OpenSSH's client otherwise moves 32 KiB per request, and over eight times as many requests and
 * replies cost both sides more than the bytes do. A quarter of a FileReader block, so READs line up.
 */
const TransferBytes = 128 * 1024;
/** Largest SFTP packet the session takes (ssh2's limit). */
const MaxPacket = 256 * 1024;
/** SSH_FXP_EXTENDED_REPLY. */
const FxpExtendedReply = 201;
/** Directory entries per READDIR answer. */
const NamesPerReply = 128;

/** A change a session made to the server's files, for the activity log; paths as the panel names them (no leading slash). */
export type SftpChange = { event: 'server.file.written'; path: string } | { event: 'server.file.deleted'; path: string } | { event: 'server.file.renamed'; from: string; to: string };

type Handle =
  | { kind: 'file'; file: FileHandle; reader: FileReader; writer: FileWriter; path: string; changed: boolean }
  | { kind: 'dir'; path: string; pending?: { filename: string; info: FileInfo }[] };

/**
 * One SFTP session, jailed to a server folder: every path goes through the server's ServerFiles
 * (so through its jail, with the server user's rights), "/" is the server folder, and anything that writes needs `canWrite`. Files stay
 * open between requests and writes go straight to their offset without fsync, so transfers run
 * at the speed of the SSH transport.
 */
export class SftpSession {
  private readonly handles = new Map<number, Handle>();
  private nextHandle = 1;
  private readonly packer: ReplyPacker | undefined;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly files: ServerFiles,
    private readonly canWrite: boolean,
    /** Told of each request answered "permission denied" (a path outside, a change by a read-only login). */
    private readonly onRefused?: (request: string, paths: string[]) => void,
    /** Told of each change once it is done: a file closed after writing, a removal, a rename. */
    private readonly onChange?: (change: SftpChange) => void,
  ) {
    // OpenSSH's client waits for our end before it exits (machine notes).
    sftp.on('end', () => sftp.end());
    sftp.on('close', () => void this.closeAll());
    sftp.on('error', () => {});
    this.packer = ReplyPacker.install(sftp, { 'limits@openssh.com': '1' });

    // Each request runs under its name and the paths it names, for the refusal log.
    sftp.on('OPEN', (id, path, flags, attrs) => this.run(id, 'OPEN', [path], () => this.open(id, path, flags, attrs)));
    sftp.on('READ', (id, handle, offset, length) => this.run(id, 'READ', [], () => this.read(id, handle, offset, length)));
    sftp.on('WRITE', (id, handle, offset, data) => this.write(id, handle, offset, data));
    sftp.on('CLOSE', (id, handle) => this.run(id, 'CLOSE', [], () => this.close(id, handle)));
    sftp.on('FSTAT', (id, handle) => this.run(id, 'FSTAT', [], () => this.fstat(id, handle)));
    sftp.on('FSETSTAT', (id, handle, attrs) => this.run(id, 'FSETSTAT', [], () => this.fsetstat(id, handle, attrs)));
    sftp.on('OPENDIR', (id, path) => this.run(id, 'OPENDIR', [path], () => this.opendir(id, path)));
    sftp.on('READDIR', (id, handle) => this.run(id, 'READDIR', [], () => this.readdir(id, handle)));
    sftp.on('STAT', (id, path) => this.run(id, 'STAT', [path], async () => sftp.attrs(id, toAttributes(await files.info(path, true)))));
    sftp.on('LSTAT', (id, path) => this.run(id, 'LSTAT', [path], async () => sftp.attrs(id, toAttributes(await files.info(path, false)))));
    sftp.on('SETSTAT', (id, path, attrs) => this.run(id, 'SETSTAT', [path], () => this.setstat(id, path, attrs)));
    sftp.on('REMOVE', (id, path) => this.run(id, 'REMOVE', [path], () => this.remove(id, path)));
    sftp.on('RMDIR', (id, path) => this.run(id, 'RMDIR', [path], () => this.rmdir(id, path)));
    sftp.on('MKDIR', (id, path, attrs) => this.run(id, 'MKDIR', [path], () => this.mkdir(id, path, attrs)));
    sftp.on('RENAME', (id, from, to) => this.run(id, 'RENAME', [from, to], () => this.rename(id, from, to)));
    sftp.on('REALPATH', (id, path) => this.run(id, 'REALPATH', [path], async () => sftp.name(id, [nameOnly(sftpPath(path))])));
    sftp.on('READLINK', (id, path) => this.run(id, 'READLINK', [path], () => this.readlink(id, path)));
    // ssh2 has already put OpenSSH's swapped arguments back in order: link first, then target.
    sftp.on('SYMLINK', (id, link, target) => this.run(id, 'SYMLINK', [link, target], () => this.symlink(id, link, target)));
    sftp.on('EXTENDED', (id, name) => this.extended(id, name));
  }

  /** Answers limits@openssh.com (named in VERSION only when the packer is in place); other extensions are not supported. */
  private extended(id: number, name: string): void {
    if (name === 'limits@openssh.com' && this.packer) {
      const reply = Buffer.alloc(4 + 1 + 4 + 4 * 8);
      reply.writeUInt32BE(reply.length - 4, 0);
      reply[4] = FxpExtendedReply;
      reply.writeUInt32BE(id, 5);
      // Largest packet, READ and WRITE lengths; open handles 0: no limit of ours.
      reply.writeBigUInt64BE(BigInt(MaxPacket), 9);
      reply.writeBigUInt64BE(BigInt(TransferBytes), 17);
      reply.writeBigUInt64BE(BigInt(TransferBytes), 25);
      if (this.packer.reply(reply)) return;
    }
    this.sftp.status(id, STATUS_CODE.OP_UNSUPPORTED);
  }

  private async open(id: number, path: string, flags: number, attrs: Attributes): Promise<void> {
    const writes = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
    if (writes) this.mustWrite();
    let mode = flags & OPEN_MODE.READ && writes ? constants.O_RDWR : writes ? constants.O_WRONLY : constants.O_RDONLY;
    if (flags & OPEN_MODE.APPEND) mode |= constants.O_APPEND;
    if (flags & OPEN_MODE.CREAT) mode |= constants.O_CREAT;
    if (flags & OPEN_MODE.TRUNC) mode |= constants.O_TRUNC;
    if (flags & OPEN_MODE.EXCL) mode |= constants.O_EXCL;
    const quota = writes ? this.files.quota : undefined;
    // A file truncated on opening is counted at its old size until a scan: rewriting it up to that size takes no new room.
    const before = quota?.limit && mode & constants.O_TRUNC ? await this.regularSize(path) : 0;
    const file = await this.files.openFile(path, mode, (attrs.mode ?? 0o644) & 0o777);
    const growth = quota && { disk: quota, size: Math.max(before, (await file.stat()).size) };
    // Opened to create or empty it, the file is changed even if nothing is written to it.
    const changed = (mode & (constants.O_CREAT | constants.O_TRUNC)) !== 0;
    this.sftp.handle(id, this.addHandle({ kind: 'file', file, reader: new FileReader(file), writer: new FileWriter(file, growth), path, changed }));
  }

  private async read(id: number, handle: Buffer, offset: number, length: number): Promise<void> {
    const { reader, writer } = this.openFile(handle);
    // What was written through this handle, acknowledged before it reached the file, is read back.
    if (writer.busy) await writer.idle();
    const data = await reader.read(offset, Math.min(length, MaxRead));
    // Its bytes are copied into the SSH packet (by the packer when it sends, by ssh2 at once): then the reader may reuse them.
    const release = () => reader.release(data);
    if (this.packer && data.length > 0) return this.packer.data(id, data, release);
    if (data.length === 0) this.sftp.status(id, STATUS_CODE.EOF);
    else this.sftp.data(id, data);
    release();
  }

  /**
   * Most WRITEs are answered before this returns, with no promise of their own: an upload is
   * thousands of them a second, each answered in the same write to the socket as its neighbours.
   */
  private write(id: number, handle: Buffer, offset: number, data: Buffer): void {
    try {
      this.mustWrite();
      const entry = this.openFile(handle);
      entry.changed = true;
      entry.reader.forget();
      const waiting = entry.writer.write(offset, data);
      if (!waiting) {
        this.sftp.status(id, STATUS_CODE.OK);
        return;
      }
      waiting.then(
        () => this.sftp.status(id, STATUS_CODE.OK),
        (error: unknown) => this.fail(id, 'WRITE', [], error),
      );
    } catch (error) {
      this.fail(id, 'WRITE', [], error);
    }
  }

  private async close(id: number, handle: Buffer): Promise<void> {
    const key = handleKey(handle);
    const entry = this.handles.get(key);
    if (!entry) throw new OutpostError('ErrNotFound', 'no such handle');
    this.handles.delete(key);
    if (entry.kind === 'file') {
      try {
        await entry.writer.idle();
      } finally {
        await entry.file.close();
      }
      // One event per upload or edit, when its last byte is written (not per WRITE).
      if (entry.changed) this.tell({ event: 'server.file.written', path: panelPath(entry.path) });
    }
    this.sftp.status(id, STATUS_CODE.OK);
  }

  private async fstat(id: number, handle: Buffer): Promise<void> {
    const { file, writer } = this.openFile(handle);
    await writer.idle();
    this.sftp.attrs(id, toAttributes(await file.stat()));
  }

  private async fsetstat(id: number, handle: Buffer, attrs: Attributes): Promise<void> {
    this.mustWrite();
    const { file, reader, writer, path } = this.openFile(handle);
    await writer.idle();
    reader.forget();
    // The size through the handle (its access mode decides); permission bits and times by path, as
    // the server's user: the daemon's own handle would let root change a file that user does not own.
    if (attrs.size !== undefined) await file.truncate(attrs.size);
    const times = attrs.atime !== undefined && attrs.mtime !== undefined ? { atime: attrs.atime, mtime: attrs.mtime } : {};
    if (attrs.mode !== undefined || 'atime' in times) await this.files.setattr(path, { mode: attrs.mode, ...times });
    this.sftp.status(id, STATUS_CODE.OK);
  }

  /** Applies size, permission bits and times; owner changes and setuid bits are ignored. */
  private async setstat(id: number, path: string, attrs: Attributes): Promise<void> {
    this.mustWrite();
    await this.files.setattr(path, {
      size: attrs.size,
      mode: attrs.mode,
      ...(attrs.atime !== undefined && attrs.mtime !== undefined ? { atime: attrs.atime, mtime: attrs.mtime } : {}),
    });
    this.sftp.status(id, STATUS_CODE.OK);
  }

  private async opendir(id: number, path: string): Promise<void> {
    if (!isFolder(await this.files.info(path, true))) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    this.sftp.handle(id, this.addHandle({ kind: 'dir', path }));
  }

  private async readdir(id: number, handle: Buffer): Promise<void> {
    const entry = this.handles.get(handleKey(handle));
    if (entry?.kind !== 'dir') throw new OutpostError('ErrNotFound', 'no such handle');
    if (!entry.pending) {
      const session = sftpPath(entry.path);
      const own = await this.files.info(session, true);
      // ".." of the server folder is the folder itself: nothing above it is shown.
      const parent = session === '/' ? own : await this.files.info(posix.dirname(session), true);
      const listed = (await this.files.entries(session)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      entry.pending = [{ filename: '.', info: own }, { filename: '..', info: parent }, ...listed.map(({ name, info }) => ({ filename: name, info }))];
    }
    const batch = entry.pending.splice(0, NamesPerReply);
    if (batch.length === 0) return void this.sftp.status(id, STATUS_CODE.EOF);
    this.sftp.name(
      id,
      batch.map(({ filename, info }) => ({ filename, longname: longName(filename, info), attrs: toAttributes(info) })),
    );
  }

  private async remove(id: number, path: string): Promise<void> {
    this.mustWrite();
    await this.files.remove(path, 'file');
    this.tell({ event: 'server.file.deleted', path: panelPath(path) });
    this.sftp.status(id, STATUS_CODE.OK);
  }

  private async rmdir(id: number, path: string): Promise<void> {
    this.mustWrite();
    await this.files.remove(path, 'folder');
    this.tell({ event: 'server.file.deleted', path: panelPath(path) });
    this.sftp.status(id, STATUS_CODE.OK);
  }

  private async mkdir(id: number, path: string, attrs: Attributes): Promise<void> {
    this.mustWrite();
    await this.files.makeFolder(path, (attrs.mode ?? 0o755) & 0o777);
    this.sftp.status(id, STATUS_CODE.OK);
  }

  private async rename(id: number, from: string, to: string): Promise<void> {
    this.mustWrite();
    await this.files.rename(from, to);
    this.tell({ event: 'server.file.renamed', from: panelPath(from), to: panelPath(to) });
    this.sftp.status(id, STATUS_CODE.OK);
  }

  /** Shows a link's target as a path in the session ("/..."), and only when it stays inside. */
  private async readlink(id: number, path: string): Promise<void> {
    this.sftp.name(id, [nameOnly(await this.files.readlink(path))]);
  }

  /** Creates a link only to a place inside; the link is stored relative, so it works for the server too. */
  private async symlink(id: number, link: string, target: string): Promise<void> {
    this.mustWrite();
    const linkInSession = sftpPath(link);
    const targetInSession = posix.resolve(posix.dirname(linkInSession), target);
    // The link's own path goes to the jail as given, so one that climbs out is refused there.
    await this.files.symlink(link, posix.relative(posix.dirname(linkInSession), targetInSession) || '.');
    this.sftp.status(id, STATUS_CODE.OK);
  }

  /** The size of the regular file at `path`; 0 when there is none. */
  private regularSize(path: string): Promise<number> {
    return this.files.info(path, false).then(
      (info) => (isRegular(info) ? info.size : 0),
      () => 0,
    );
  }

  /** Hands a change on; the listener's own failure never fails the request. */
  private tell(change: SftpChange): void {
    try {
      this.onChange?.(change);
    } catch {
      // the activity log's trouble is its own
    }
  }

  private mustWrite(): void {
    if (!this.canWrite) throw new OutpostError('ErrNoPermission', 'this login may not change files');
  }

  private addHandle(entry: Handle): Buffer {
    const key = this.nextHandle++;
    this.handles.set(key, entry);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(key);
    return buffer;
  }

  private openFile(handle: Buffer): Extract<Handle, { kind: 'file' }> {
    const entry = this.handles.get(handleKey(handle));
    if (entry?.kind !== 'file') throw new OutpostError('ErrNotFound', 'no such handle');
    return entry;
  }

  private async closeAll(): Promise<void> {
    const open = [...this.handles.values()];
    this.handles.clear();
    await Promise.all(open.map((entry) => (entry.kind === 'file' ? entry.writer.idle().catch(() => {}).finally(() => entry.file.close().catch(() => {})) : undefined)));
  }

  /** Runs a request and answers its failure with the nearest SFTP status; a refusal is reported too. */
  private run(id: number, request: string, paths: string[], work: () => Promise<void>): void {
    work().catch((error: unknown) => this.fail(id, request, paths, error));
  }

  private fail(id: number, request: string, paths: string[], error: unknown): void {
    const [code, message] = statusOf(error);
    if (code === STATUS_CODE.PERMISSION_DENIED) this.onRefused?.(request, paths);
    this.sftp.status(id, code, message);
  }
}

function statusOf(error: unknown): [number, string] {
  if (error instanceof OutpostError) {
    if (error.code === 'ErrPathOutsideServer' || error.code === 'ErrNoPermission') return [STATUS_CODE.PERMISSION_DENIED, 'Permission denied'];
    if (error.code === 'ErrNotFound') return [STATUS_CODE.NO_SUCH_FILE, 'No such file'];
    return [STATUS_CODE.FAILURE, error.message];
  }
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case 'ENOENT':
      return [STATUS_CODE.NO_SUCH_FILE, 'No such file'];
    case 'EACCES':
    case 'EPERM':
      return [STATUS_CODE.PERMISSION_DENIED, 'Permission denied'];
    case 'EEXIST':
      return [STATUS_CODE.FAILURE, 'Already exists'];
    case 'ENOTEMPTY':
      return [STATUS_CODE.FAILURE, 'Folder not empty'];
    case 'EISDIR':
      return [STATUS_CODE.FAILURE, 'Is a folder'];
    case 'ENOTDIR':
      return [STATUS_CODE.FAILURE, 'Not a folder'];
    default:
      return [STATUS_CODE.FAILURE, 'Failure'];
  }
}

/** A client path as the session shows it: absolute, normalised, never above "/". */
function sftpPath(path: string): string {
  return posix.resolve('/', path.replace(/\\/g, '/'));
}

/** A session path as the panel's file calls name it: from the server folder, no leading slash. */
function panelPath(path: string): string {
  return sftpPath(path).slice(1);
}

function handleKey(handle: Buffer): number {
  return handle.length === 4 ? handle.readUInt32BE(0) : -1;
}

function nameOnly(filename: string) {
  return { filename, longname: filename, attrs: {} as Attributes };
}
