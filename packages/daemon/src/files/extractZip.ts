import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { ArchiveDestination } from './ArchiveDestination.js';

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MaxLinkTarget = 4096;

/**
 * Extracts a zip through the destination's checks. The central directory is read first and every
 * name checked before anything is written, so a zip-slip archive writes nothing at all. Names are
 * decoded ourselves (yauzl's own check would throw a plain error instead of ours). Entries whose
 * unix mode says symlink become links, under the same rules as tar's.
 */
export async function extractZip(archivePath: string, destination: ArchiveDestination): Promise<void> {
  const zip = await yauzl.openPromise(archivePath, { lazyEntries: true, decodeStrings: false, autoClose: false });
  try {
    const entries = await readEntries(zip);
    for (const { name } of entries) destination.entryPath(name);
    for (const { entry, name } of entries) {
      const mode = entry.externalFileAttributes >>> 16;
      if (name.endsWith('/')) await destination.directory(name);
      else if ((mode & S_IFMT) === S_IFLNK) await destination.symlink(name, await readSmall(await zip.openReadStreamPromise(entry)));
      else await destination.file(name, await zip.openReadStreamPromise(entry), mode);
    }
  } finally {
    zip.close();
  }
}

function readEntries(zip: yauzl.ZipFile): Promise<{ entry: yauzl.Entry; name: string }[]> {
  return new Promise((resolve, reject) => {
    const entries: { entry: yauzl.Entry; name: string }[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      entries.push({ entry, name: yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false) });
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
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MaxLinkTarget) break;
    chunks.push(chunk as Buffer);
  }
  stream.destroy();
  return Buffer.concat(chunks).toString('utf8');
}
