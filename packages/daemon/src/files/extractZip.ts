import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { OutpostError } from '@outpost/shared/errors';
import type { ArchiveDestination } from './ArchiveDestination.js';
import { checkEntryName } from './checkEntryName.js';
import { damagedArchiveError } from './damagedArchiveError.js';
import { ExtractionBudget, type ExtractLimits } from './ExtractionBudget.js';
import { closeArchive, openArchive } from './openArchive.js';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MaxLinkTarget = 4096;

/**
 * Extracts a zip through the destination's checks and the extraction's budget. The central
 * directory is read first and every name checked before anything is written, so a zip-slip archive
 * (or one with a name too long to create) writes nothing at all; the entry count is refused from
 * the directory's own figure before it is read. Names are decoded ourselves (yauzl's own check
 * would throw a plain error instead of ours). Entries whose unix mode says symlink become links,
 * under the same rules as tar's. Sizes are counted as the data inflates, never taken from headers;
 * past a limit the entry being written is removed and what was written before it stays.
 */
export async function extractZip(archivePath: string, destination: ArchiveDestination, limits: Partial<ExtractLimits> = {}): Promise<void> {
  const budget = await ExtractionBudget.start(archivePath, limits);
  let zip: yauzl.ZipFile | undefined;
  try {
    const fd = await openArchive(archivePath);
    // From here yauzl owns the descriptor and closes it with the zip, unless it cannot read one.
    zip = await yauzl.fromFdPromise(fd, { lazyEntries: true, decodeStrings: false, autoClose: false }).catch(async (error: unknown) => {
      await closeArchive(fd);
      throw error;
    });
    const entries = await readEntries(zip, budget);
    for (const { name, isFile } of entries) {
      destination.entryPath(name);
      checkEntryName(name, isFile);
    }
    for (const { entry, name, isFile, isLink } of entries) {
      if (!isFile) await destination.directory(name);
      else if (isLink) await destination.symlink(name, await readSmall(await zip.openReadStreamPromise(entry)));
      else await destination.file(name, budget.count(await zip.openReadStreamPromise(entry)), entry.externalFileAttributes >>> 16);
    }
  } catch (error) {
    throw damagedArchiveError(error);
  } finally {
    zip?.close();
  }
}

interface ZipItem {
  entry: yauzl.Entry;
  name: string;
  isFile: boolean;
  isLink: boolean;
}

function readEntries(zip: yauzl.ZipFile, budget: ExtractionBudget): Promise<ZipItem[]> {
  return new Promise((resolve, reject) => {
    const entries: ZipItem[] = [];
    try {
      // The directory says how many entries follow; refuse a zip that claims too many at once.
      for (let n = 0; n < zip.entryCount; n++) budget.entry();
    } catch (error) {
      reject(error);
      return;
    }
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
      const isFile = !name.endsWith('/');
      entries.push({ entry, name, isFile, isLink: isFile && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK });
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

async function readSmall(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > MaxLinkTarget) throw new OutpostError('ErrNameTooLong', `a link in the archive points at a path over ${MaxLinkTarget} bytes`);
      chunks.push(chunk as Buffer);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}
