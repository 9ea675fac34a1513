/** One file of a tar archive: its path inside the archive and its bytes. */
export interface TarEntry {
  path: string;
  content: Buffer;
}

const BLOCK = 512;

/** Writes `value` as NUL-terminated octal filling `width` bytes, as ustar headers hold numbers. */
function octal(header: Buffer, offset: number, width: number, value: number): void {
  header.write(value.toString(8).padStart(width - 1, '0'), offset, width - 1, 'ascii');
}

/** The 512-byte ustar header of one regular file. */
function header(entry: TarEntry): Buffer {
  const name = Buffer.from(entry.path, 'utf8');
  if (name.length > 100) throw new Error(`tar path too long: ${entry.path}`);
  const block = Buffer.alloc(BLOCK);
  name.copy(block, 0);
  octal(block, 100, 8, 0o644); // mode
  octal(block, 108, 8, 0); // uid
  octal(block, 116, 8, 0); // gid
  octal(block, 124, 12, entry.content.length);
  octal(block, 136, 12, 0); // mtime: fixed, so one theme is always the same bytes
  block.write('0', 156, 'ascii'); // regular file
  block.write('ustar\u000000', 257, 'ascii');
  // The checksum is summed with its own field as spaces.
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'ascii');
  return block;
}

/** A tar archive (ustar, 512-byte blocks) of the given files, ending with two empty blocks. */
export function tarArchive(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry), entry.content);
    const rest = entry.content.length % BLOCK;
    if (rest) parts.push(Buffer.alloc(BLOCK - rest));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}
