import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import ignore, { type Ignore } from 'ignore';
import { OutpostError } from '@outpost/shared';
import { UploadFolder } from '../files/jailPath.js';
import type { RunAs } from '../servers/serverUsers.js';
import type { IndexEntry } from './BackupIndex.js';
import { CHECKPOINT_BYTES, runTar } from './runTar.js';

/** The file at the top of a server folder naming what backups leave out, in .gitignore's syntax. */
export const IGNORE_FILE = '.outpostignore';

/** Where a restore puts the backup's files before they take their places; never itself backed up. */
export const RESTORE_FOLDER = '.outpost-restore';

/** A `.outpostignore` larger than this is not read (it would be a mistake, not a list of patterns). */
const MAX_IGNORE_BYTES = 256 * 1024;

/** An archive being made: its gzip bytes, what it holds, and how far the copy has come. */
export interface FolderArchive {
  stream: Readable;
  entries: IndexEntry[];
  files: number;
  /** The share of the folder's bytes read so far, 0 to 1. */
  progress(): number;
  /** Resolves when tar has finished well; fails with its words otherwise. */
  finished: Promise<void>;
  /** Ends the copy (the server is being deleted, the store failed). */
  cancel(): void;
}

/**
 * Starts a gzip'd tar of a server folder. The daemon lists the folder (names only, links not
 * followed, what `.outpostignore` names and Outpost's own work folders left out) and hands the
 * list to GNU tar running as the server's user, which reads the contents with that user's rights
 * and stores links as links: nothing outside the folder is ever read on the server's behalf.
 * A file removed or changed while the copy runs (a running game) is copied as it is, or left out.
 */
export async function archiveFolder(realRoot: string, runAs: RunAs | undefined): Promise<FolderArchive> {
  const rules = await ignoreRules(realRoot);
  const entries: IndexEntry[] = [];
  const names: Buffer[] = [];
  let total = 0;
  await walk(realRoot, Buffer.alloc(0), rules, entries, names, (size) => (total += size));
  let copied = 0;
  const tar = runTar(['--create', '--gzip', '--file=-', '--null', '--no-recursion', '--files-from=-', '--ignore-failed-read', '--numeric-owner', '--warning=no-file-changed', '--warning=no-file-removed'], realRoot, runAs, () => {
    copied += CHECKPOINT_BYTES;
  });
  const list = Buffer.concat(names.flatMap((name) => [name, Buffer.from([0])]));
  tar.child.stdin.end(list);
  const finished = tar.exited.then((code) => {
    if (code > 1) throw new OutpostError('ErrOperationFailed', `tar could not copy the folder: ${tar.said() || `exit code ${code}`}`);
  });
  finished.catch(() => {});
  return {
    stream: tar.child.stdout,
    entries,
    files: entries.filter((entry) => entry.type === 'file').length,
    progress: () => (total === 0 ? 1 : Math.min(1, copied / total)),
    finished,
    cancel: () => tar.child.kill('SIGKILL'),
  };
}

async function ignoreRules(realRoot: string): Promise<Ignore> {
  const rules = ignore();
  try {
    const info = await lstat(join(realRoot, IGNORE_FILE));
    // Read by name as root only when it is a plain file (a link could lead anywhere).
    if (info.isFile() && info.size <= MAX_IGNORE_BYTES) rules.add(await readFile(join(realRoot, IGNORE_FILE), 'utf8'));
  } catch {
    // No ignore file: everything is kept.
  }
  return rules;
}

/**
 * Lists a folder depth first: folders (so empty ones come back too), files and links; pipes,
 * sockets and devices are no part of a server's files. Names are kept as bytes for tar, so a name
 * that is not UTF-8 is still copied; the index shows it decoded.
 */
async function walk(realRoot: string, relative: Buffer, rules: Ignore, entries: IndexEntry[], names: Buffer[], count: (size: number) => void): Promise<void> {
  const folder = relative.length === 0 ? Buffer.from(realRoot) : Buffer.concat([Buffer.from(realRoot + '/'), relative]);
  let children;
  try {
    children = await readdir(folder, { encoding: 'buffer', withFileTypes: true });
  } catch {
    return; // removed or closed meanwhile: tar will not find it either
  }
  for (const child of children) {
    const name = child.name as unknown as Buffer;
    const path = relative.length === 0 ? name : Buffer.concat([relative, Buffer.from('/'), name]);
    const text = path.toString('utf8');
    if (relative.length === 0 && (text === UploadFolder || text === RESTORE_FOLDER)) continue;
    const isFolder = child.isDirectory();
    if (rules.ignores(isFolder ? `${text}/` : text)) continue;
    if (!isFolder && !child.isFile() && !child.isSymbolicLink()) continue;
    let info;
    try {
      info = await lstat(Buffer.concat([Buffer.from(realRoot + '/'), path]));
    } catch {
      continue;
    }
    const type = isFolder ? 'folder' : child.isFile() ? 'file' : 'link';
    const size = type === 'file' ? info.size : 0;
    entries.push({ path: text, type, size, modifyTime: Math.floor(info.mtimeMs / 1000) });
    names.push(path);
    count(size);
    if (isFolder) await walk(realRoot, path, rules, entries, names, count);
  }
}
