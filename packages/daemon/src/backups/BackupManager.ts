import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { OutpostError, readBackupPolicy, readBackupStorage } from '@outpost/shared';
import type { Backup, BackupAuthor, BackupDownload, BackupList, BackupPolicy, BackupRestoreRequest, BackupStorage, BackupStorageState, FileEntry } from '@outpost/shared';
import { jailPath } from '../files/jailPath.js';
import type { Server } from '../servers/Server.js';
import { serverUser } from '../servers/serverUsers.js';
import type { OutboundGuard } from '../system/outboundGuard.js';
import { writeFileAtomic } from '../system/writeFileAtomic.js';
import { archiveFolder, type FolderArchive } from './archiveFolder.js';
import { BackupIndex } from './BackupIndex.js';
import { BackupRecords, type BackupRecord } from './BackupRecords.js';
import type { BackupStore } from './BackupStore.js';
import { diskError, LocalBackupStore } from './LocalBackupStore.js';
import { restoreFolder } from './restoreFolder.js';
import { S3BackupStore } from './S3BackupStore.js';

export interface BackupOptions {
  /** The node's backups folder: records, indexes and local archives (outside every server folder). */
  folder: string;
  /** The node's private-address guard, which every connection to S3 goes through. */
  guard: OutboundGuard;
  /** Retention of a server that has none of its own (daemon.json `backups`). */
  defaults?: Partial<BackupPolicy>;
  /** Backups made at once on the node; more wait their turn (default 2). */
  concurrent?: number;
  /** S3 multipart part size (default 16 MiB). */
  partBytes?: number;
  /** Free bytes local archives leave on the disk (DiskRoom's default otherwise). */
  diskReserveBytes?: number;
  /** The clock retention reads (tests move it). */
  now?: () => number;
}

/** Without daemon.json saying otherwise: five backups per server, kept however old. */
export const DEFAULT_BACKUP_POLICY: BackupPolicy = { limit: 5, keepDays: 0 };

const DAY_MS = 86_400_000;
const SWEEP_EVERY_MS = 3_600_000;

/** A backup being made: its record, its copy once started, and how to stop it. */
interface Job {
  record: BackupRecord;
  archive?: FolderArchive;
  cancelled?: string;
  done: Promise<void>;
}

/**
 * Refuses a restore (413 ErrQuotaExceeded) while the server's folder is over its disk limit, or
 * when the files it brings back would alone take more than the limit; what they replace cannot be
 * known before, so a restore that ends over the limit leaves the server unable to start instead.
 */
async function refuseOverDisk(server: Server, restoring: number): Promise<void> {
  await server.disk.assertRoom();
  const limit = server.disk.limit;
  if (limit > 0 && restoring > limit) {
    const mib = (bytes: number) => Math.ceil(bytes / 1024 ** 2);
    throw new OutpostError('ErrQuotaExceeded', `the backup's files take ${mib(restoring)} MiB, over the server's disk limit of ${limit / 1024 ** 2} MiB: nothing was restored`, { limit });
  }
}

/**
 * A node's backups (issue 29): one archive per backup of a server folder, in the node's chosen
 * storage, with its records, retention and restores. At most one backup of a server runs at a
 * time and `concurrent` on the node; the others wait for a turn, shown as running at 0.
 */
export class BackupManager {
  private readonly records = new Map<string, Promise<BackupRecords>>();
  private readonly jobs = new Map<string, Job>();
  private readonly closedServers = new Set<string>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private storage: BackupStorage = { type: 'local' };
  private readonly local: LocalBackupStore;
  private s3?: S3BackupStore;
  private state?: BackupStorageState;
  private sweeper?: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(private readonly options: BackupOptions) {
    this.local = new LocalBackupStore(options.folder, options.diskReserveBytes);
    this.now = options.now ?? Date.now;
  }

  /** Reads the storage settings, marks backups a stopped daemon left running as failed (their partial archives removed), and starts the age sweep. */
  async open(): Promise<void> {
    await mkdir(this.options.folder, { recursive: true, mode: 0o700 });
    const saved = await readFile(this.storagePath, 'utf8').catch(() => undefined);
    if (saved) this.useStorage(readBackupStorage(JSON.parse(saved)));
    for (const id of await readdir(this.options.folder).catch(() => [] as string[])) {
      if (!/^[0-9a-f]{8}$/.test(id)) continue;
      const records = await this.recordsOf(id);
      for (const record of records.all.filter((backup) => backup.status === 'running')) {
        Object.assign(record, { status: 'failed', error: 'the node stopped while the backup was being made', errorCode: 'ErrOperationFailed', completedAt: this.iso() });
        await this.storeOf(record)
          .discardPartial(this.keyOf(id, record.id))
          .catch(() => undefined);
      }
      await records.save();
    }
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS).unref();
  }

  /** Stops the sweep and every backup under way (each is marked failed). */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.jobs.keys()].map((id) => this.cancel(id, 'the node stopped while the backup was being made')));
    this.s3?.close();
  }

  get storageState(): BackupStorageState | undefined {
    return this.state;
  }

  async list(server: Server): Promise<BackupList> {
    const records = await this.recordsOf(server.id);
    const backups = records.all.map((record) => this.present(server.id, record)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { backups, limit: this.policyOf(records).limit };
  }

  /**
   * Starts a backup of the server's folder and answers its id; with `wait`, once it is done (its
   * failure thrown, naming the id). Refused while another of the server runs (409
   * ErrBackupRunning) and when the server's limit is reached with every kept backup locked.
   */
  async create(server: Server, name: string | undefined, by: BackupAuthor, wait = false): Promise<string> {
    if (name !== undefined && (typeof name !== 'string' || name.length > 100)) throw new OutpostError('ErrFieldLength', 'name must be text of at most 100 characters', { field: 'name', length: 100 });
    if (this.closedServers.has(server.id)) throw new OutpostError('ErrNotFound', `no server ${server.id}`, { id: server.id });
    if (this.jobs.has(server.id)) throw new OutpostError('ErrBackupRunning', 'a backup of this server is being made already', { backup: this.jobs.get(server.id)!.record.id });
    const records = await this.recordsOf(server.id);
    const { limit } = this.policyOf(records);
    const kept = records.kept();
    if (limit > 0 && kept.length >= limit && kept.every((backup) => backup.locked)) {
      throw new OutpostError('ErrBackupLocked', `the server keeps ${limit} backups and every one is locked: unlock or delete one first`, { limit });
    }
    const id = randomBytes(8).toString('hex');
    const createdAt = this.iso();
    const record: BackupRecord = {
      id,
      name: name?.trim() || `Backup ${createdAt.slice(0, 16).replace('T', ' ')}`,
      status: 'running',
      size: 0,
      sha256: '',
      files: 0,
      locked: false,
      createdAt,
      completedAt: null,
      createdBy: by,
      storage: this.storage.type,
    };
    await records.add(record);
    const job: Job = { record, done: Promise.resolve() };
    this.jobs.set(server.id, job);
    job.done = this.make(server, records, job)
      .finally(() => this.jobs.delete(server.id))
      .then(() => reportOutcome(server, record));
    if (!wait) return id;
    await job.done;
    if (record.status === 'failed') throw new OutpostError((record.errorCode as never) ?? 'ErrOperationFailed', record.error ?? 'the backup failed', { id });
    return id;
  }

  async files(server: Server, backupId: string, path = '/'): Promise<FileEntry[]> {
    const record = this.ready(await this.recordsOf(server.id), backupId);
    return (await this.indexOf(server.id, record)).list(typeof path === 'string' ? path : '/');
  }

  async download(server: Server, backupId: string): Promise<BackupDownload> {
    const record = this.ready(await this.recordsOf(server.id), backupId);
    const { stream, size } = await this.storeOf(record).read(this.keyOf(server.id, record.id));
    const base = record.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'backup';
    return { stream, size, fileName: `${base}-${record.id}.tar.gz` };
  }

  /**
   * Brings back the named paths, or the whole backup, while the server is stopped and kept so
   * (its lock held): checked against the recorded checksum before anything is replaced, and undone
   * when it fails half-way (restoreFolder).
   */
  async restore(server: Server, backupId: string, request: BackupRestoreRequest = {}): Promise<void> {
    const record = this.ready(await this.recordsOf(server.id), backupId);
    const body = (typeof request === 'object' && request !== null ? request : {}) as BackupRestoreRequest;
    if (body.paths !== undefined && (!Array.isArray(body.paths) || !body.paths.every((path) => typeof path === 'string'))) {
      throw new OutpostError('ErrFieldRequired', 'paths must be a list of paths', { field: 'paths' });
    }
    if (body.truncate !== undefined && typeof body.truncate !== 'boolean') throw new OutpostError('ErrFieldRequired', 'truncate must be true or false', { field: 'truncate' });
    const index = await this.indexOf(server.id, record);
    let paths = body.paths?.map((path) => jailPath(path));
    if (paths?.some((path) => path === '')) paths = undefined;
    if (paths && body.truncate) throw new OutpostError('ErrInvalidPath', 'emptying the folder first goes with a whole restore only', { field: 'truncate' });
    for (const path of paths ?? []) if (!index.find(path)) throw new OutpostError('ErrNotFound', `the backup holds no ${path}`, { path });
    // A path inside another named one is restored with it.
    paths = paths?.filter((path, at, all) => !all.some((other, i) => (other === path && i < at) || path.startsWith(`${other}/`)));
    if (this.jobs.has(server.id)) throw new OutpostError('ErrBackupRunning', 'a backup of this server is being made: restore once it is done', {});
    await server.whileStopped(async () => {
      await refuseOverDisk(server, index.bytes(paths));
      const { stream } = await this.storeOf(record).read(this.keyOf(server.id, record.id));
      try {
        await restoreFolder(server.files, await serverUser(server.files.root), stream, record.sha256, { paths, truncate: body.truncate === true });
      } finally {
        server.disk.changed();
      }
      server.log(`Restored ${paths ? paths.join(', ') : 'everything'} from backup ${record.name}`);
      // Measured now, so a restore that took the folder over its limit shows, and refuses a start, at once.
      await server.disk.scan();
    });
  }

  async edit(server: Server, backupId: string, edit: { locked?: unknown; name?: unknown }): Promise<void> {
    const records = await this.recordsOf(server.id);
    const record = records.get(backupId);
    const body = (typeof edit === 'object' && edit !== null ? edit : {}) as { locked?: unknown; name?: unknown };
    if (body.locked !== undefined && typeof body.locked !== 'boolean') throw new OutpostError('ErrFieldRequired', 'locked must be true or false', { field: 'locked' });
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 100)) {
      throw new OutpostError('ErrFieldLength', 'name must be text of 1 to 100 characters', { field: 'name', length: 100 });
    }
    if (typeof body.locked === 'boolean') record.locked = body.locked;
    if (typeof body.name === 'string') record.name = body.name.trim();
    await records.save();
  }

  /** Removes a backup and its archive; a locked one is refused (409), a running one too. */
  async delete(server: Server, backupId: string): Promise<void> {
    const records = await this.recordsOf(server.id);
    const record = records.get(backupId);
    if (record.locked) throw new OutpostError('ErrBackupLocked', 'this backup is locked: unlock it first', { backup: backupId });
    if (record.status === 'running') throw new OutpostError('ErrBackupRunning', 'this backup is being made', { backup: backupId });
    await this.remove(server.id, records, record);
  }

  async policy(server: Server): Promise<BackupPolicy> {
    return this.policyOf(await this.recordsOf(server.id));
  }

  async setPolicy(server: Server, policy: unknown): Promise<void> {
    await (await this.recordsOf(server.id)).setPolicy(readBackupPolicy(policy));
  }

  /** Takes new storage settings (kept 0600 beside the records) and tests them in the background, so the node's state says whether they work. */
  async setStorage(storage: unknown): Promise<void> {
    const read = readBackupStorage(storage);
    await mkdir(this.options.folder, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.storagePath, JSON.stringify(read));
    this.useStorage(read);
    this.state = undefined;
    void this.testStorage().catch(() => undefined);
  }

  /** Tries the given storage (or the node's): a small object written, read back and removed. */
  async testStorage(storage?: unknown): Promise<BackupStorageState> {
    const given = storage !== undefined && storage !== null && typeof storage === 'object' && Object.keys(storage).length > 0;
    const store = given ? this.storeFor(readBackupStorage(storage)) : this.current();
    try {
      await store.test();
      if (!given) this.state = { ok: true };
      return { ok: true };
    } catch (error) {
      const failure = error instanceof OutpostError ? error : new OutpostError('ErrBackupStorage', (error as Error).message);
      const state = { ok: false, error: failure.message, errorCode: failure.code };
      if (!given) this.state = state;
      return state;
    } finally {
      if (given && store instanceof S3BackupStore) store.close();
    }
  }

  /** The server is being deleted: its backup under way stops, and its backups go with it (locked ones too). */
  async closeServer(id: string): Promise<void> {
    this.closedServers.add(id);
    await this.cancel(id, 'the server was deleted');
  }

  /** After the server's deletion: removes its archives and records. */
  async removeServer(id: string): Promise<void> {
    const records = await this.recordsOf(id);
    for (const record of records.all) await this.storeOf(record).remove(this.keyOf(id, record.id)).catch(() => undefined);
    await rm(join(this.options.folder, id), { recursive: true, force: true });
    this.records.delete(id);
    this.closedServers.delete(id);
  }

  /** Removes unlocked backups older than their server's keepDays (done and failed alike). */
  async sweep(): Promise<void> {
    for (const [id, pending] of this.records) {
      const records = await pending;
      const { keepDays } = this.policyOf(records);
      if (keepDays <= 0) continue;
      const oldest = this.now() - keepDays * DAY_MS;
      for (const record of [...records.all]) {
        if (!record.locked && record.status !== 'running' && Date.parse(record.createdAt) < oldest) await this.remove(id, records, record).catch(() => undefined);
      }
    }
  }

  private async make(server: Server, records: BackupRecords, job: Job): Promise<void> {
    const { record } = job;
    const key = this.keyOf(server.id, record.id);
    const store = this.storeOf(record);
    await this.turn();
    let commanded = false;
    try {
      if (job.cancelled) throw new OutpostError('ErrNotFound', job.cancelled);
      commanded = await this.before(server);
      const archive = await archiveFolder(await server.files.jail.realRoot(), await serverUser(server.files.root));
      job.archive = archive;
      if (job.cancelled) archive.cancel();
      const hash = createHash('sha256');
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          record.size += chunk.length;
          done(null, chunk);
        },
      });
      // tar failing fails the write; once the write is over its exit is read below, and nobody listens here.
      counted.on('error', () => {});
      archive.stream.on('error', (error) => counted.destroy(error));
      archive.finished.catch((error: Error) => counted.destroy(error));
      archive.stream.pipe(counted);
      try {
        await store.write(key, counted);
        await archive.finished;
      } catch (error) {
        archive.cancel();
        await store.remove(key).catch(() => undefined);
        throw error;
      }
      if (job.cancelled) throw new OutpostError('ErrNotFound', job.cancelled);
      await BackupIndex.save(this.indexPath(server.id, record.id), archive.entries);
      Object.assign(record, { status: 'done', sha256: hash.digest('hex'), files: archive.files, completedAt: this.iso() });
      if (store.type === 's3') this.state = { ok: true };
      await records.save();
      await this.keepLimit(server.id, records);
    } catch (error) {
      const failure = job.cancelled ? new OutpostError('ErrOperationFailed', job.cancelled) : asFailure(error);
      Object.assign(record, { status: 'failed', error: failure.message, errorCode: failure.code, completedAt: this.iso() });
      if (failure.code === 'ErrBackupStorage') this.state = { ok: false, error: failure.message, errorCode: failure.code };
      server.log(`Backup ${record.name} failed: ${failure.message}`);
      if (!this.closedServers.has(server.id)) await records.save().catch(() => undefined);
    } finally {
      if (commanded) this.after(server);
      this.release();
    }
  }

  /** The template's console lines before a copy of the running program (then a pause for it to act on them); whether any were sent. */
  private async before(server: Server): Promise<boolean> {
    const commands = server.definition.backup;
    if (!server.running || !commands?.before?.length) return false;
    for (const line of commands.before) server.sendCommand(line);
    await new Promise((resolve) => setTimeout(resolve, (commands.waitSeconds ?? 3) * 1000));
    return true;
  }

  private after(server: Server): void {
    if (!server.running) return;
    for (const line of server.definition.backup?.after ?? []) server.sendCommand(line);
  }

  /** Beyond the limit, the oldest unlocked backups go. */
  private async keepLimit(id: string, records: BackupRecords): Promise<void> {
    const { limit } = this.policyOf(records);
    if (limit <= 0) return;
    const kept = records.kept();
    for (const record of kept.filter((backup) => !backup.locked).slice(0, Math.max(0, kept.length - limit))) await this.remove(id, records, record);
  }

  private async remove(id: string, records: BackupRecords, record: BackupRecord): Promise<void> {
    if (record.status !== 'failed') await this.storeOf(record).remove(this.keyOf(id, record.id));
    await rm(this.indexPath(id, record.id), { force: true });
    await records.drop(record.id);
  }

  private async cancel(id: string, why: string): Promise<void> {
    const job = this.jobs.get(id);
    if (!job) return;
    job.cancelled = why;
    job.archive?.cancel();
    await job.done.catch(() => undefined);
  }

  /** The backup `backupId` when it is done; 409 ErrBackupNotReady while it runs or when it failed. */
  private ready(records: BackupRecords, backupId: string): BackupRecord {
    const record = records.get(backupId);
    if (record.status !== 'done') throw new OutpostError('ErrBackupNotReady', record.status === 'running' ? 'this backup is still being made' : 'this backup failed and holds nothing', { backup: backupId, status: record.status });
    return record;
  }

  private present(id: string, record: BackupRecord): Backup {
    const { storage: _storage, ...shown } = record;
    const job = this.jobs.get(id);
    if (record.status !== 'running' || job?.record !== record) return shown;
    return { ...shown, progress: job.archive?.progress() ?? 0 };
  }

  private policyOf(records: BackupRecords): BackupPolicy {
    return records.policy ?? { ...DEFAULT_BACKUP_POLICY, ...this.options.defaults };
  }

  private recordsOf(id: string): Promise<BackupRecords> {
    let records = this.records.get(id);
    if (!records) {
      records = BackupRecords.open(join(this.options.folder, id));
      this.records.set(id, records);
    }
    return records;
  }

  private async indexOf(id: string, record: BackupRecord): Promise<BackupIndex> {
    return BackupIndex.load(this.indexPath(id, record.id)).catch(() => {
      throw new OutpostError('ErrBackupNotReady', 'the list of what this backup holds is missing from the node', { backup: record.id });
    });
  }

  private useStorage(storage: BackupStorage): void {
    this.s3?.close();
    this.storage = storage;
    this.s3 = storage.type === 's3' ? (this.storeFor(storage) as S3BackupStore) : undefined;
  }

  private storeFor(storage: BackupStorage): BackupStore {
    return storage.type === 's3' ? new S3BackupStore(storage, this.options.guard, this.options.partBytes) : this.local;
  }

  private current(): BackupStore {
    return this.s3 ?? this.local;
  }

  /** Where a backup's archive is: the local folder, or the S3 storage the node uses now. */
  private storeOf(record: BackupRecord): BackupStore {
    if (record.storage === 'local') return this.local;
    if (!this.s3) throw new OutpostError('ErrBackupStorage', 'this backup is in S3 storage, which the node no longer uses', { backup: record.id });
    return this.s3;
  }

  private keyOf(id: string, backupId: string): string {
    return `${id}/${backupId}.tar.gz`;
  }

  private indexPath(id: string, backupId: string): string {
    return join(this.options.folder, id, `${backupId}.index.gz`);
  }

  private get storagePath(): string {
    return join(this.options.folder, 'storage.json');
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  /** Waits for one of the node's `concurrent` turns. */
  private async turn(): Promise<void> {
    if (this.active < (this.options.concurrent ?? 2)) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

function asFailure(error: unknown): OutpostError {
  const mapped = diskError(error);
  if (mapped instanceof OutpostError) return mapped;
  return new OutpostError('ErrOperationFailed', (mapped as Error).message ?? String(mapped));
}

/** A backup's outcome, for the node's event hook (the activity log), by whoever asked for it. */
function reportOutcome(server: Server, record: BackupRecord): void {
  const actor = record.createdBy ? { ...record.createdBy } : undefined;
  if (record.status === 'failed') {
    server.report({ event: 'server.backup.failed', server: server.id, ...(actor && { actor }), data: { name: record.name, error: record.error ?? record.errorCode ?? 'the backup failed' } });
  } else if (record.status === 'done') {
    server.report({ event: 'server.backup.created', server: server.id, ...(actor && { actor }), data: { backup: record.id, name: record.name } });
  }
}
