import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OutpostError } from '@outpost/shared';
import type { ServerFiles } from '../files/ServerFiles.js';
import { isFolder } from '../files/ServerJail.js';
import type { RunAs } from '../servers/serverUsers.js';
import { RESTORE_FOLDER } from './archiveFolder.js';
import { runTar } from './runTar.js';

/** What a restore brings back: the named paths (clean, relative), or everything; `truncate` empties the folder first (whole only). */
export interface RestorePlan {
  paths?: string[];
  truncate: boolean;
}

interface Move {
  from: string;
  to: string;
}

/**
 * Restores a backup into a server folder in two halves. First GNU tar, as the server's user,
 * unpacks the archive (or the named members) into a staging folder inside the server folder
 * while the daemon hashes the bytes it feeds it: a checksum that differs from the one recorded,
 * or any failure, removes the staging folder and leaves the server's files untouched. Then the
 * staged files take their places through the jail by renames, each replaced entry moved aside
 * first; a rename that fails puts every moved entry back, so the folder is as it was.
 */
export async function restoreFolder(files: ServerFiles, runAs: RunAs | undefined, archive: Readable, sha256: string, plan: RestorePlan): Promise<void> {
  const staging = `${RESTORE_FOLDER}/new`;
  const aside = `${RESTORE_FOLDER}/old`;
  // A restore the daemon was stopped in is litter now: the server's lock keeps two from meeting.
  await files.delete(RESTORE_FOLDER).catch(() => undefined);
  try {
    await files.mkdir(staging);
    await files.mkdir(aside);
    await unpack(await files.folder(staging), runAs, archive, sha256, plan.paths);
    const moves: Move[] = [];
    try {
      await place(files, staging, aside, plan, moves);
    } catch (error) {
      for (const move of moves.reverse()) await files.rename(move.to, move.from, true, true).catch(() => undefined);
      throw error;
    }
  } finally {
    await files.delete(RESTORE_FOLDER).catch(() => undefined);
  }
}

async function unpack(realStaging: string, runAs: RunAs | undefined, archive: Readable, sha256: string, members: string[] | undefined): Promise<void> {
  const tar = runTar(['--extract', '--gzip', '--file=-', '--same-permissions', '--no-same-owner', '--', ...(members ?? [])], realStaging, runAs);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // tar may stop reading early when it fails; the hash is then short and the exit says why.
  const fed = pipeline(archive, hashing, tar.child.stdin).catch((error: unknown) => error);
  const [code, feedError] = await Promise.all([tar.exited, fed]);
  if (hash.digest('hex') !== sha256 && !feedError) {
    throw new OutpostError('ErrBackupDamaged', 'the archive does not match the checksum recorded when the backup was made: it was changed or damaged, and nothing was restored', { sha256 });
  }
  if (code !== 0) {
    const said = tar.said();
    if (/No space left/i.test(said)) throw new OutpostError('ErrDiskFull', 'the disk is full: nothing was restored', {});
    throw new OutpostError(feedError ? 'ErrBackupStorage' : 'ErrBackupDamaged', `the archive could not be unpacked (${said || (feedError as Error | undefined)?.message || `exit code ${code}`}): nothing was restored`, {});
  }
  if (feedError) throw feedError;
}

/** Puts the staged entries in place, recording each rename so a failure can undo them. */
async function place(files: ServerFiles, staging: string, aside: string, plan: RestorePlan, moves: Move[]): Promise<void> {
  let parked = 0;
  const move = async (from: string, to: string) => {
    await files.rename(from, to, false, true);
    moves.push({ from, to });
  };
  const replace = async (staged: string, live: string) => {
    if (await exists(files, live)) await move(live, `${aside}/${parked++}`);
    await move(staged, live);
  };
  if (plan.paths) {
    for (const path of plan.paths) await replace(`${staging}/${path}`, path);
    return;
  }
  if (plan.truncate) {
    for (const entry of await files.entries('')) if (entry.name !== RESTORE_FOLDER) await move(entry.name, `${aside}/${parked++}`);
  }
  // Merge: what the backup holds replaces what is there; what it does not hold stays.
  const merge = async (relative: string) => {
    for (const entry of await files.entries(posix.join(staging, relative))) {
      const live = posix.join(relative, entry.name);
      const staged = posix.join(staging, live);
      const current = await lstatOf(files, live);
      if (current && isFolder(current) && isFolder(entry.info)) await merge(live);
      else await replace(staged, live);
    }
  };
  await merge('');
}

async function lstatOf(files: ServerFiles, path: string) {
  return files.info(path, false).catch((error: unknown) => {
    if (error instanceof OutpostError && error.code === 'ErrNotFound') return undefined;
    throw error;
  });
}

async function exists(files: ServerFiles, path: string): Promise<boolean> {
  return (await lstatOf(files, path)) !== undefined;
}
