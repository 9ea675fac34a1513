import { posix } from 'node:path';
import { OutpostError } from '@outpost/shared/errors';
import { jailPath } from './jailPath.js';
import { normaliseUserPath } from './normaliseUserPath.js';
import { isInside } from './resolveInside.js';
import { isFolder, isRegular } from './ServerJail.js';
import type { ServerFiles } from './ServerFiles.js';

const MiB = 1024 * 1024;

/** One step of a copy, in order: a folder to make, a file to copy, a link to make again. */
type CopyStep = { kind: 'folder'; to: string; mode: number } | { kind: 'file'; from: string; to: string; size: number } | { kind: 'link'; to: string; text: string };

/**
 * Copies a file, or a folder with everything in it, from `from` to `to` (missing parents made),
 * all through the server's jail. A link at `from` is followed (inside only); links met inside a
 * copied folder are made again with the same relative text, as cp -r does. Everything is checked
 * before the first byte is written: an existing `to` (409), a folder into itself (400), a link
 * that would lead out from its new place (400) and the disk limit against the bytes the copy
 * adds (413). A copy that fails part-way (the disk filled meanwhile) removes what it made.
 */
export async function copyEntry(files: ServerFiles, from: string, to: string): Promise<void> {
  const source = jailPath(from);
  const target = jailPath(to);
  if (source === '') throw new OutpostError('ErrInvalidPath', 'the server folder itself cannot be copied', { path: from });
  if (target === '') throw new OutpostError('ErrAlreadyExists', `already exists: ${to}`, { path: to });
  const info = await files.info(source, true);
  if (await files.info(target, false).catch(() => undefined)) throw new OutpostError('ErrAlreadyExists', `already exists: ${to}`, { path: to });
  if (isFolder(info) && isInside('/' + (await files.jail.realPath(source)), '/' + (await realPlace(files, target)))) {
    throw new OutpostError('ErrInvalidPath', 'cannot copy a folder into itself', { path: to });
  }
  const steps: CopyStep[] = [];
  if (isFolder(info)) await planFolder(files, source, target, info.mode, steps);
  else if (isRegular(info)) steps.push({ kind: 'file', from: source, to: target, size: info.size });
  else throw new OutpostError('ErrNotAFile', `not a file or folder: ${from}`, { path: from });

  const bytes = steps.reduce((sum, step) => sum + (step.kind === 'file' ? step.size : 0), 0);
  const quota = files.quota;
  if (quota && quota.limit > 0 && (await quota.room()) < bytes) {
    throw new OutpostError('ErrQuotaExceeded', `the copy (${Math.ceil(bytes / MiB)} MiB) would take the server's files over its disk limit of ${quota.limit / MiB} MiB`, { limit: quota.limit });
  }
  // The folders above `to` are made as a move makes them; only what the copy itself made goes on a failure.
  if (posix.dirname(target) !== '.') await files.mkdir(posix.dirname(target));
  try {
    for (const step of steps) {
      if (step.kind === 'folder') await files.makeFolder(step.to, step.mode);
      else if (step.kind === 'link') await files.symlink(step.to, step.text);
      else await files.write(step.to, (await files.readStream(step.from)).stream);
    }
  } catch (error) {
    await files.delete(target).catch(() => {});
    throw error;
  }
}

/** The steps that copy the folder `from` to `to`, checking each link where it will sit. */
async function planFolder(files: ServerFiles, from: string, to: string, mode: number, steps: CopyStep[]): Promise<void> {
  steps.push({ kind: 'folder', to, mode: mode & 0o777 });
  for (const entry of await files.entries(from)) {
    const source = posix.join(from, entry.name);
    const target = posix.join(to, entry.name);
    if ((entry.info.mode & 0o170000) === 0o120000) {
      // The jail says where the link leads only when that is inside; the text is read back relative to its folder.
      const leads = jailPath(await files.readlink(source));
      const text = posix.relative(from, leads) || '.';
      try {
        normaliseUserPath(posix.join(to, text));
      } catch {
        throw new OutpostError('ErrPathOutsideServer', `a link in the copy would lead outside the server folder: ${source}`, { path: source });
      }
      steps.push({ kind: 'link', to: target, text });
    } else if (isFolder(entry.info)) await planFolder(files, source, target, entry.info.mode, steps);
    else if (isRegular(entry.info)) steps.push({ kind: 'file', from: source, to: target, size: entry.info.size });
    // Pipes, sockets and devices are no content to copy.
  }
}

/** Where `path` really is (relative to the server folder), for a place that may not exist yet: its nearest existing folder's real path and the rest. */
async function realPlace(files: ServerFiles, path: string): Promise<string> {
  let rest = '';
  for (let at = path; ; at = posix.dirname(at) === '.' ? '' : posix.dirname(at)) {
    const real = await files.jail.realPath(at).catch(() => undefined);
    if (real !== undefined) return posix.join(real, rest);
    rest = posix.join(posix.basename(at), rest);
    if (at === '') return rest;
  }
}
