import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes `data` to `target` (an absolute path; user paths must come through the jail) through a temp name in the
 * same folder, renamed over the target once complete: a failed or aborted upload leaves the old
 * file as it was and no half-written one. Keeps the old file's mode; creates missing folders.
 */
export async function writeFileAtomic(target: string, data: Readable | Uint8Array | string): Promise<void> {
  const folder = dirname(target);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${namePrefix(basename(target))}.${randomBytes(6).toString('hex')}.outpost-upload`);
  try {
    const source = typeof data === 'string' || data instanceof Uint8Array ? Readable.from([data]) : data;
    await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o644 }));
    const old = await stat(target).catch(() => undefined);
    if (old?.isDirectory()) throw Object.assign(new Error(`is a folder: ${target}`), { code: 'EISDIR' });
    if (old) await chmod(temp, old.mode & 0o7777);
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** The start of a name, at most 200 bytes, so the temp name stays within NAME_MAX (255) for any legal name. */
function namePrefix(name: string): string {
  let prefix = '';
  for (const char of name) {
    if (Buffer.byteLength(prefix + char) > 200) break;
    prefix += char;
  }
  return prefix;
}
