import { chmod, chown, lchown, lstat, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { OutpostError } from '@outpost/shared';
import { Locker } from '../system/Locker.js';

/** The numeric user and group a server's programs run as. */
export interface RunAs {
  uid: number;
  gid: number;
}

/** Where server uids start unless configured (OUTPOST_SERVER_UID_BASE): far above the ones distributions hand out. */
export const DEFAULT_SERVER_UID_BASE = 900_000;

/** Only a root daemon can give servers users of their own; any other runs them as itself. */
export function daemonIsRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * The user a server's programs run as: the owner of its folder, when the daemon is root and
 * that owner is not root. The folder's owner is the one record of it, shared with the file jail.
 */
export async function serverUser(root: string): Promise<RunAs | undefined> {
  if (!daemonIsRoot()) return undefined;
  const info = await stat(root);
  if (info.uid === 0) return undefined;
  return { uid: info.uid, gid: info.gid };
}

/**
 * Fails when a folder above the server folder cannot be searched by other users: the server's
 * own user, which belongs to no group, could not reach its folder and every start would fail
 * with a bare EACCES.
 */
export async function assertReachable(root: string): Promise<void> {
  for (let folder = dirname(root); ; folder = dirname(folder)) {
    const info = await stat(folder);
    if ((info.mode & 0o001) === 0) {
      throw new OutpostError(
        'ErrOperationFailed',
        `the server folder is out of reach of the server's user: ${folder} must be searchable by others (chmod o+x)`,
        { path: folder },
      );
    }
    if (dirname(folder) === folder) return;
  }
}

/**
 * Hands out a dedicated uid (and the same gid) to each server folder of one data folder: the
 * lowest from `base` up that no account in /etc/passwd or /etc/group and no other server
 * folder uses. Claims run one at a time, so two creates never share a uid.
 */
export class ServerUsers {
  private readonly lock = new Locker();
  // The uids of this data folder's server folders: read from the folders once, then kept up to
  // date by each claim (a search per claim made creating the n-th server cost n lstat calls).
  // A deleted server's uid stays taken here, which only skips a uid until the next start.
  private folderUids?: Set<number>;

  constructor(
    private readonly dataDir: string,
    private readonly base: number = DEFAULT_SERVER_UID_BASE,
  ) {}

  /**
   * Gives a root-owned server folder its own user: chowns it (and, for a folder from before
   * servers had users, what it holds) and makes it 0700. Does nothing when the daemon is not root
   * or the folder already has a user.
   */
  claim(root: string): Promise<void> {
    if (!daemonIsRoot()) return Promise.resolve();
    return this.lock.run(async () => {
      const info = await lstat(root);
      if (!info.isDirectory()) throw new OutpostError('ErrOperationFailed', `the server folder ${root} is not a folder`);
      if (info.uid === 0) {
        const uid = await this.freeUid();
        this.folderUids?.add(uid);
        await chownContents(root, uid);
        await chown(root, uid, uid);
      }
      await chmod(root, 0o700);
    });
  }

  /**
   * A uid no account, no process and no other server folder of this data folder uses. The search
   * starts at a block of the range drawn from the data folder's path, so two nodes on one machine
   * (or two test runs) do not hand out the same uids: deleting a server ends every process of its
   * uid, which must never reach another node's server.
   */
  private async freeUid(): Promise<number> {
    if (!this.folderUids) {
      const uids = new Set<number>();
      for (const entry of await readdir(this.dataDir, { withFileTypes: true })) {
        if (entry.isDirectory()) uids.add((await lstat(join(this.dataDir, entry.name))).uid);
      }
      this.folderUids = uids;
    }
    const taken = new Set([...(await accountIds('/etc/passwd')), ...(await accountIds('/etc/group')), ...(await processOwners()), ...this.folderUids]);
    const start = firstUid(this.dataDir, this.base);
    for (let uid = start; uid < 2 ** 31 - 1; uid++) if (!taken.has(uid)) return uid;
    for (let uid = this.base; uid < start; uid++) if (!taken.has(uid)) return uid;
    throw new OutpostError('ErrOperationFailed', 'no free uid is left for a new server');
  }
}

/** The range above the base is cut into blocks; each data folder starts in its own. */
const UID_BLOCK_SIZE = 1000;
const UID_BLOCKS = 1000;

/** Where the search for a free uid starts for the servers of `dataDir`. */
export function firstUid(dataDir: string, base: number): number {
  return base + (pathHash(dataDir) % UID_BLOCKS) * UID_BLOCK_SIZE;
}

/** FNV-1a of a path: stable across restarts, spread across blocks. */
function pathHash(path: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(path)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** The uids that own a running process (the owner of /proc/<pid>). */
async function processOwners(): Promise<number[]> {
  const owners: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = await stat(`/proc/${name}`).catch(() => undefined);
    if (info) owners.push(info.uid);
  }
  return owners;
}

/** The numeric ids (third field) of a passwd- or group-style file; none when it is missing. */
async function accountIds(path: string): Promise<number[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => Number(line.split(':')[2]))
    .filter((id) => Number.isInteger(id));
}

/**
 * Gives what a folder holds to `uid`, without following links. A file with several names is
 * left alone: a program that ran as root could have linked, say, /etc/shadow into its folder.
 */
async function chownContents(folder: string, uid: number): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const info = await lstat(path);
    if (info.isDirectory()) {
      await chownContents(path, uid);
    } else if (info.nlink > 1) {
      continue;
    }
    if (info.uid === 0) await lchown(path, uid, uid);
  }
}
