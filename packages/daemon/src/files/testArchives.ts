// Helpers for the archive tests: archives built byte by byte, so they can hold what no honest tool writes.
import { createWriteStream, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UploadFolder } from './jailPath.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflateRaw, createGzip, crc32 } from 'node:zlib';
import { Header, Pax } from 'tar';
import yazl from 'yazl';
import { expect, vi } from 'vitest';

const MiB = 1024 * 1024;

export interface TarEntry {
  path: string;
  type?: 'File' | 'Directory' | 'SymbolicLink' | 'Link';
  body?: string | Buffer;
  linkpath?: string;
  mode?: number;
  /** Bytes written as the header's name instead of `path` (invalid UTF-8, say). */
  rawName?: Buffer;
}

/** A tar built header by header; names over 99 bytes get a pax header, as GNU tar writes them. */
export function tarOf(entries: TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    if (Buffer.byteLength(entry.path) > 99 || Buffer.byteLength(entry.linkpath ?? '') > 99) {
      blocks.push(new Pax({ path: entry.path, linkpath: entry.linkpath, mtime: new Date() }).encode());
    }
    blocks.push(tarHeader(entry, body.length), body, padding(body.length));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

function tarHeader(entry: TarEntry, size: number): Buffer {
  const header = new Header({
    path: entry.path,
    type: entry.type ?? 'File',
    size,
    linkpath: entry.linkpath,
    mode: entry.mode ?? (entry.type === 'Directory' ? 0o755 : 0o644),
    mtime: new Date(),
    uid: 0,
    gid: 0,
  });
  header.encode();
  const block = header.block!;
  if (entry.rawName) {
    block.fill(0, 0, 100);
    entry.rawName.copy(block, 0, 0, 100);
    block.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of block) sum += byte;
    block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  }
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((512 - (size % 512)) % 512);
}

/** `size` zero bytes, in 1 MiB chunks, without holding them all. */
export function zeros(size: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  return Readable.from(
    (function* () {
      for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
}

/** A tar holding one file of `size` zeros, as a stream. */
export function zerosTar(name: string, size: number): Readable {
  const header = tarHeader({ path: name }, size);
  return Readable.from(
    (async function* (): AsyncGenerator<Buffer> {
      yield header;
      for await (const chunk of zeros(size)) yield chunk as Buffer;
      yield Buffer.concat([padding(size), Buffer.alloc(1024)]);
    })(),
  );
}

/** Writes a tar.gz holding one file of `size` zeros: a few hundred KiB that inflate to `size`. */
export async function writeZerosTarGz(target: string, name: string, size: number): Promise<void> {
  await pipeline(zerosTar(name, size), createGzip(), createWriteStream(target));
}

export interface ZipItem {
  name: string;
  body: string | Buffer | Readable;
  mode?: number;
}

/** A zip made by yazl (which marks every name UTF-8). */
export function zipOf(entries: ZipItem[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.body instanceof Readable) zip.addReadStream(entry.body, entry.name, { mode: entry.mode });
    else zip.addBuffer(Buffer.from(entry.body), entry.name, { mode: entry.mode });
  }
  zip.end();
  return collect(zip.outputStream as Readable);
}

/**
 * A zip of one deflated file of `size` zeros, written by hand: yazl's CRC in JavaScript takes
 * seconds over a GiB, zlib's takes a fraction. 1 GiB of zeros packs to about 1 MB.
 */
export async function zerosZip(name: string, size: number): Promise<Buffer> {
  let crc = 0;
  const chunk = Buffer.alloc(MiB);
  for (let left = size; left > 0; left -= MiB) crc = crc32(left >= MiB ? chunk : chunk.subarray(0, left), crc);
  const data = await collect(zeros(size).pipe(createDeflateRaw()));
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0800, 6); // UTF-8 name
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(0x21, 12); // 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE((3 << 8) | 20, 4); // made on unix
  local.copy(central, 6, 4, 30); // version needed .. name length
  central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  central.writeUInt32LE(0, 42); // local header at 0
  const centralAt = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The zip with the name `placeholder` replaced by `raw` (same length) in its local and central
 * headers, and the UTF-8 flag (bit 11) set or cleared: names no zip tool would write.
 */
export function withRawZipName(zip: Buffer, placeholder: string, raw: Buffer, utf8Flag: boolean): Buffer {
  const out = Buffer.from(zip);
  const wanted = Buffer.from(placeholder);
  if (wanted.length !== raw.length) throw new Error('the raw name must be as long as the placeholder');
  for (let at = out.indexOf(wanted); at !== -1; at = out.indexOf(wanted, at + 1)) {
    // A name sits 30 bytes after its local header's signature, 46 after its central one; a match
    // nearer the start (a short placeholder found inside the first header) is neither.
    const signature = (back: number) => (at >= back ? out.readUInt32LE(at - back) : 0);
    const flagAt = signature(30) === 0x04034b50 ? at - 30 + 6 : signature(46) === 0x02014b50 ? at - 46 + 8 : -1;
    if (flagAt === -1) continue;
    raw.copy(out, at);
    const flags = out.readUInt16LE(flagAt);
    out.writeUInt16LE(utf8Flag ? flags | 0x0800 : flags & ~0x0800, flagAt);
  }
  return out;
}

/** How many descriptors this process holds. */
export function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Every path under `folder`, relative, folders included. */
export async function allPaths(folder: string): Promise<string[]> {
  const found = await readdir(folder, { recursive: true });
  return found.map((path) => join(path)).sort();
}

/** Temp files a write left behind: the jail writes them in the server folder's upload folder. */
export async function leftoverTemps(folder: string): Promise<string[]> {
  return (await allPaths(folder)).filter((path) => path.split('/').includes(UploadFolder) && !path.endsWith(UploadFolder));
}

/** After a failed or finished extraction: no temp file anywhere below `base` and every descriptor closed again. */
export async function expectCleanAfter(base: string, descriptorsBefore: number): Promise<void> {
  expect(await leftoverTemps(base)).toEqual([]);
  await vi.waitFor(() => expect(openDescriptors()).toBeLessThanOrEqual(descriptorsBefore));
}
