import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { OutpostError, type FileEntry } from '@outpost/shared';
import { jailPath } from '../files/jailPath.js';
import { writeFileAtomic } from '../system/writeFileAtomic.js';

// On the thread pool: the index of a large folder takes tens of milliseconds to pack, which the panel's loop must not wait out.
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** One thing a backup holds, by its path in the server folder. */
export interface IndexEntry {
  path: string;
  type: 'file' | 'folder' | 'link';
  size: number;
  /** Epoch seconds. */
  modifyTime: number;
}

/**
 * What a backup holds, kept beside its record on the node (gzip'd JSON), so browsing a backup,
 * even one in S3, reads no archive: tar has no index of its own and would be read whole.
 */
export class BackupIndex {
  private constructor(private readonly entries: IndexEntry[]) {}

  static async save(path: string, entries: IndexEntry[]): Promise<void> {
    await writeFileAtomic(path, await gzip(JSON.stringify(entries)));
  }

  static async load(path: string): Promise<BackupIndex> {
    return new BackupIndex(JSON.parse((await gunzip(await readFile(path))).toString('utf8')) as IndexEntry[]);
  }

  /** What `path` is in the backup ("" is the folder itself), or undefined when the backup does not hold it. */
  find(path: string): IndexEntry | undefined {
    const clean = jailPath(path);
    if (clean === '') return { path: '', type: 'folder', size: 0, modifyTime: 0 };
    return this.entries.find((entry) => entry.path === clean);
  }

  /** Bytes of the files a restore of `paths` (clean; all when absent) brings back. */
  bytes(paths?: string[]): number {
    const picked = (entry: IndexEntry) => !paths || paths.some((path) => entry.path === path || entry.path.startsWith(`${path}/`));
    return this.entries.reduce((sum, entry) => sum + (entry.type === 'file' && picked(entry) ? entry.size : 0), 0);
  }

  /** A folder's entries in the backup, folders first, then by name, like a listing of the live folder. */
  list(path: string): FileEntry[] {
    const folder = this.find(path);
    if (!folder) throw new OutpostError('ErrNotFound', `the backup holds no ${path}`, { path });
    if (folder.type !== 'folder') throw new OutpostError('ErrInvalidPath', `${path} is a file in the backup, not a folder`, { path });
    const prefix = folder.path === '' ? '' : `${folder.path}/`;
    return this.entries
      .filter((entry) => entry.path.startsWith(prefix) && !entry.path.slice(prefix.length).includes('/') && entry.path !== folder.path)
      .map((entry) => ({ name: entry.path.slice(prefix.length), isFile: entry.type !== 'folder', size: entry.size, modifyTime: entry.modifyTime }))
      .sort((a, b) => Number(a.isFile) - Number(b.isFile) || a.name.localeCompare(b.name));
  }
}
