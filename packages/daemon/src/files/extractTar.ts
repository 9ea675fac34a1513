import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { addAbortSignal, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { OutpostError } from '@outpost/shared/errors';
import type { ArchiveDestination } from './ArchiveDestination.js';
import { checkEntryName } from './checkEntryName.js';
import { damagedArchiveError } from './damagedArchiveError.js';
import type { ArchiveFormat } from './detectArchiveFormat.js';
import { ExtractionBudget, type ExtractLimits } from './ExtractionBudget.js';
import { openArchive } from './openArchive.js';

/**
 * Extracts a tar (plain, gzip, bzip2 or xz) entry by entry through the destination's checks and
 * the extraction's budget. Decompression happens before tar's Parser and keeps to its pace: gzip
 * through Node's zlib stream, bzip2 and xz through the system's `bzip2 -dc` and `xz -dc` (they
 * stream, are several times faster than the pure-JS decoders on npm, and ship with every Linux
 * the daemon runs on; a missing one is reported as an unsupported archive). The Parser's own gzip
 * would inflate each read chunk at once (64 KiB of zeros is 64 MiB).
 * Entries are handled one at a time, the parser waiting meanwhile, so a link entry exists before
 * the entry that goes through it is checked. Stops at the first refused entry; what was written
 * before it stays, the entry being written is removed.
 *
 * Every way out settles: a failure from any side (file, decompressor, parser, destination,
 * budget) stops the reading, kills the decompressor and destroys the entry being written, so the
 * write waiting on its data fails and removes its temp file.
 */
export async function extractTar(archivePath: string, format: ArchiveFormat, destination: ArchiveDestination, limits: Partial<ExtractLimits> = {}): Promise<void> {
  const budget = await ExtractionBudget.start(archivePath, limits);
  const abort = new AbortController();
  const parser = new Parser({ strict: true });
  let failure: unknown;
  let current: ReadEntry | undefined;
  const fail = (error: unknown): void => {
    failure ??= error;
    abort.abort();
    current?.destroy();
  };
  parser.on('error', fail);

  const sizes = new Map<string, number>();
  let chain: Promise<void> = Promise.resolve();
  parser.on('entry', (entry: ReadEntry) => {
    chain = chain.then(async () => {
      if (failure !== undefined) return void entry.resume();
      current = entry;
      try {
        await placeEntry(entry, destination, budget, sizes);
      } catch (error) {
        fail(error);
      } finally {
        current = undefined;
        entry.resume();
      }
    });
  });

  const source = tarBytes(await openArchive(archivePath), format, abort.signal);
  try {
    for await (const chunk of source.stream) {
      if (!parser.write(chunk as Buffer)) await once(parser, 'drain', { signal: abort.signal });
    }
    const ended = once(parser, 'end', { signal: abort.signal });
    parser.end();
    await ended;
  } catch (error) {
    fail(error);
  }
  await chain;
  // A decompressor that failed by itself explains the parser's complaint about what it got.
  const exit = await source.exited;
  if (exit && !(failure instanceof OutpostError)) failure = exit;
  if (failure !== undefined) throw damagedArchiveError(failure);
}

/** Writes one entry; `sizes` holds the size of every file written so far, by path, for hard links. */
async function placeEntry(entry: ReadEntry, destination: ArchiveDestination, budget: ExtractionBudget, sizes: Map<string, number>): Promise<void> {
  budget.entry();
  const path = destination.entryPath(entry.path);
  const isFile = entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile';
  checkEntryName(entry.path, isFile);
  switch (entry.type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile': {
      const before = budget.used;
      await destination.file(entry.path, budget.count(entry), entry.mode);
      sizes.set(path, budget.used - before);
      return;
    }
    case 'Directory':
    case 'GNUDumpDir':
      sizes.delete(path);
      entry.resume();
      return destination.directory(entry.path);
    case 'SymbolicLink':
      sizes.delete(path);
      entry.resume();
      checkEntryName(entry.linkpath ?? '');
      return destination.symlink(entry.path, entry.linkpath ?? '');
    case 'Link': {
      entry.resume();
      const linkpath = entry.linkpath ?? '';
      checkEntryName(linkpath, true);
      // A hard link becomes a copy, so it spends the linked file's size again; it must name a
      // file written earlier by this archive (as tar writes them), whose size was counted then.
      const size = sizes.get(destination.entryPath(linkpath));
      if (size === undefined) throw new OutpostError('ErrUnsupportedArchive', `hard link to a file the archive did not hold before it: ${linkpath}`, { path: entry.path });
      await budget.spend(size);
      await destination.hardlink(entry.path, linkpath);
      sizes.set(path, size);
      return;
    }
    default:
      // Devices and fifos have no place in a server folder.
      entry.resume();
  }
}

/**
 * The archive's bytes (from its descriptor, which the stream closes) as plain tar, stopped by `signal`; `exited` tells the decompressor's
 * failure (undefined when fine or when there is none).
 */
function tarBytes(fd: number, format: ArchiveFormat, signal: AbortSignal): { stream: Readable; exited: Promise<unknown> } {
  const file = createReadStream('', { fd });
  if (format === 'tar') return { stream: addAbortSignal(signal, file), exited: Promise.resolve(undefined) };
  if (format === 'tar.gz') {
    const gunzip = createGunzip();
    // Either side failing destroys both, so the file's descriptor is closed whatever happens.
    pipeline(file, gunzip).catch(() => {});
    return { stream: addAbortSignal(signal, gunzip), exited: Promise.resolve(undefined) };
  }

  const tool = format === 'tar.bz2' ? 'bzip2' : 'xz';
  const child = spawn(tool, ['-dc'], { stdio: ['pipe', 'pipe', 'ignore'] });
  // The child may exit early on corrupt input (its exit code says so); the file is closed then too.
  pipeline(file, child.stdin).catch(() => {});
  let killed = false;
  const kill = (): void => {
    killed = child.kill('SIGKILL');
  };
  signal.addEventListener('abort', kill, { once: true });
  const exited = new Promise<unknown>((done) => {
    child.on('error', () => done(new OutpostError('ErrUnsupportedArchive', `${format} needs the ${tool} program on the node`)));
    // Killed by a signal after we stopped it: our doing. An exit code of its own: it failed.
    child.on('close', (code, exitSignal) => done(code === 0 || (exitSignal !== null && killed) ? undefined : new OutpostError('ErrUnsupportedArchive', `${tool} could not read the archive`)));
  }).finally(() => signal.removeEventListener('abort', kill));
  return { stream: addAbortSignal(signal, child.stdout), exited };
}
