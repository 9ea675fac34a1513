import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, realpath, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isServerId } from './serverId.js';
import { assertReachable, daemonIsRoot } from './serverUsers.js';

/** Where server folders go when their users could not reach them beside their definitions: root's, 0711. */
const SERVER_FOLDERS_ELSEWHERE = '/var/lib/outpost';

export interface ServerFoldersPlace {
  /** The folder that holds each server's folder `<id>/` (and the shared JDKs). */
  folder: string;
  /** What to tell whoever started the daemon when the folders are not beside the definitions. */
  notice?: string;
}

/**
 * Where the server folders of the servers folder `serversDir` live. Beside the definitions, unless
 * the daemon is root and a folder above `serversDir` is closed to other users (a clone under
 * /root, a folder `mktemp -d` made): each server's user could reach nothing there. Then they live
 * in `<elsewhere>/<hash of serversDir's real path>/servers`, out of the closed folder, which keeps
 * the database, the definitions and the node secret out of the servers' reach. Once chosen, that
 * place stays, even if the folder is opened later, so the servers' files are not left behind.
 * Throws one sentence with the fix when even that place is out of reach.
 */
export async function placeServerFolders(serversDir: string, elsewhere = SERVER_FOLDERS_ELSEWHERE): Promise<ServerFoldersPlace> {
  if (!daemonIsRoot()) return { folder: serversDir };
  await mkdir(serversDir, { recursive: true, mode: 0o711 });
  const real = await realpath(serversDir);
  const own = join(elsewhere, createHash('sha256').update(real).digest('hex').slice(0, 16));
  const folder = join(own, 'servers');
  const blocker = await closedFolderAbove(real);
  if (!blocker && !(await exists(folder))) return { folder: serversDir };

  // Checked before anything of this node is made there: a failed start must not pin the place.
  await ownFolder(elsewhere);
  try {
    await assertReachable(join(elsewhere, 'server'));
  } catch (error) {
    const closed = String((error as { metadata?: { path?: unknown } }).metadata?.path);
    throw new Error(
      `Servers cannot run on this node: their own users cannot search ${blocker ? `${blocker}, which holds the servers folder, nor ` : ''}${closed}, where Outpost puts their folders instead; make ${closed} searchable by others (chmod o+x ${closed}).`,
      { cause: error },
    );
  }
  await ownFolder(own);
  await mkdir(folder, { recursive: true, mode: 0o711 });
  // Tells whoever looks at the folder whose it is.
  await writeFile(join(own, 'README'), `Server folders of the Outpost node whose servers folder is ${real}\n`, { mode: 0o600 });
  const unmoved = await moveServerFolders(real, folder);
  const why = blocker ? `, as their own users cannot search ${blocker}` : '';
  const left = unmoved.length ? ` Could not move here from ${real}: ${unmoved.join('; ')}.` : '';
  return { folder, notice: `Server folders are in ${folder}${why}.${left}` };
}

/** The first folder above `folder` that other users cannot search, or undefined. */
async function closedFolderAbove(folder: string): Promise<string | undefined> {
  try {
    await assertReachable(folder);
    return undefined;
  } catch (error) {
    const path = (error as { metadata?: { path?: unknown } }).metadata?.path;
    if (typeof path === 'string') return path;
    throw error;
  }
}

/** Makes (or checks) a folder only root may change and anyone may pass: 0711, root's, no link. */
async function ownFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: 0o711 });
  const info = await lstat(path);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new Error(`${path} must be a folder owned by root that only root may write, to hold server folders`);
  }
  await chmod(path, 0o711);
}

/**
 * Moves server folders a daemon left beside the definitions (made before their place moved) to
 * the new place, by rename, which keeps their owner (the record of their user). Answers what could
 * not be moved and why; a copy is no fallback: as root it would give the server's user whatever
 * its folder had linked in.
 */
async function moveServerFolders(from: string, to: string): Promise<string[]> {
  const unmoved: string[] = [];
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!entry.isDirectory() || !isServerId(entry.name) || (await exists(join(to, entry.name)))) continue;
    await rename(join(from, entry.name), join(to, entry.name)).catch((error: NodeJS.ErrnoException) => {
      unmoved.push(`${entry.name} (${error.code ?? error.message})`);
    });
  }
  return unmoved;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
