import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Parser, type ReadEntry } from 'tar';
import { OutpostError } from '@outpost/shared';
import type { ArchiveDestination } from './ArchiveDestination.js';
import type { ArchiveFormat } from './detectArchiveFormat.js';

/**
 * Extracts a tar (plain, gzip, bzip2 or xz) entry by entry through the destination's checks.
 * tar's own Parser reads headers and gzip; bzip2 and xz go through the system's `bzip2 -dc` and
 * `xz -dc`: they stream, are several times faster than the pure-JS decoders on npm, and ship with
 * every Linux the daemon runs on (a missing one is reported as an unsupported archive).
 * Entries are handled one at a time, the parser waiting meanwhile, so a link entry exists before
 * the entry that goes through it is checked. Stops at the first refused entry.
 */
export async function extractTar(archivePath: string, format: ArchiveFormat, destination: ArchiveDestination): Promise<void> {
  const abort = new AbortController();
  const parser = new Parser({ strict: true });
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  parser.on('entry', (entry: ReadEntry) => {
    chain = chain
      .then(() => (failure === undefined ? placeEntry(entry, destination) : entry.resume()))
      .catch((error: unknown) => {
        failure ??= error;
        entry.resume();
        abort.abort();
      });
  });

  const stages = decompressed(archivePath, format);
  try {
    await pipeline([...stages.streams, parser], { signal: abort.signal });
  } catch (error) {
    failure ??= error;
  }
  await chain;
  const exit = await stages.exited;
  if (failure === undefined && exit) failure = exit;
  if (failure !== undefined) throw failure;
}

async function placeEntry(entry: ReadEntry, destination: ArchiveDestination): Promise<void> {
  switch (entry.type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
      return destination.file(entry.path, Readable.from(entry), entry.mode);
    case 'Directory':
    case 'GNUDumpDir':
      entry.resume();
      return destination.directory(entry.path);
    case 'SymbolicLink':
      entry.resume();
      return destination.symlink(entry.path, entry.linkpath ?? '');
    case 'Link':
      entry.resume();
      return destination.hardlink(entry.path, entry.linkpath ?? '');
    default:
      // Devices and fifos have no place in a server folder.
      entry.resume();
  }
}

/** The archive's bytes as tar, and a promise of the decompressor's failure (undefined when fine). */
function decompressed(archivePath: string, format: ArchiveFormat): { streams: NodeJS.ReadableStream[]; exited: Promise<unknown> } {
  const file = createReadStream(archivePath);
  const tool = format === 'tar.bz2' ? 'bzip2' : format === 'tar.xz' ? 'xz' : undefined;
  if (!tool) return { streams: [file], exited: Promise.resolve(undefined) };

  const child = spawn(tool, ['-dc'], { stdio: ['pipe', 'pipe', 'ignore'] });
  file.pipe(child.stdin);
  child.stdin.on('error', () => {}); // the child may exit early on corrupt input; its exit code says so
  const exited = new Promise<unknown>((done) => {
    child.on('error', () => done(new OutpostError('ErrUnsupportedArchive', `${format} needs the ${tool} program on the node`)));
    child.on('close', (code) => done(code === 0 ? undefined : new OutpostError('ErrUnsupportedArchive', `${tool} could not read the archive`)));
  });
  return { streams: [child.stdout], exited };
}
