import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OutpostError, type Backup, type BackupPolicy } from '@outpost/shared';
import { writeFileAtomic } from '../system/writeFileAtomic.js';

/** A backup as the node keeps it: what the API shows, and where its archive is. */
export interface BackupRecord extends Omit<Backup, 'progress'> {
  storage: 'local' | 's3';
}

interface Saved {
  policy?: BackupPolicy;
  backups: BackupRecord[];
}

/**
 * One server's backups and retention, kept by the node in `<backups>/<server>/backups.json`
 * (written whole through a temporary name), so they outlive a restart and stay with the node
 * whichever storage holds the archives.
 */
export class BackupRecords {
  private constructor(
    readonly folder: string,
    private saved: Saved,
  ) {}

  static async open(folder: string): Promise<BackupRecords> {
    const text = await readFile(join(folder, 'backups.json'), 'utf8').catch(() => undefined);
    const saved = text ? (JSON.parse(text) as Saved) : { backups: [] };
    return new BackupRecords(folder, { backups: Array.isArray(saved.backups) ? saved.backups : [], policy: saved.policy });
  }

  get all(): readonly BackupRecord[] {
    return this.saved.backups;
  }

  get policy(): BackupPolicy | undefined {
    return this.saved.policy;
  }

  /** The backup `id`, or 404 ErrNotFound. */
  get(id: string): BackupRecord {
    const record = this.saved.backups.find((backup) => backup.id === id);
    if (!record) throw new OutpostError('ErrNotFound', `no backup ${id}`, { backup: id });
    return record;
  }

  /** The done backups, oldest first: what retention counts. */
  kept(): BackupRecord[] {
    return this.saved.backups.filter((backup) => backup.status === 'done').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async add(record: BackupRecord): Promise<void> {
    this.saved.backups.push(record);
    await this.save();
  }

  async drop(id: string): Promise<void> {
    this.saved.backups = this.saved.backups.filter((backup) => backup.id !== id);
    await this.save();
  }

  async setPolicy(policy: BackupPolicy): Promise<void> {
    this.saved.policy = policy;
    await this.save();
  }

  async save(): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    await writeFileAtomic(join(this.folder, 'backups.json'), JSON.stringify(this.saved));
  }
}
