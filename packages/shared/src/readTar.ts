/** One regular file read from a tar archive. */
export interface TarFile {
  path: string;
  content: Uint8Array;
}

const BLOCK = 512;

function text(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/**
 * The regular files of a tar archive (ustar or plain, 512-byte blocks), as a theme arrives
 * (spec panel.md section 3, "Theme"). Stops at the first empty block; refuses a broken header.
 */
export function readTar(archive: Uint8Array): TarFile[] {
  const files: TarFile[] = [];
  for (let offset = 0; offset + BLOCK <= archive.length; ) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    if (parseInt(text(header.subarray(148, 156)).trim(), 8) !== sum) throw new Error(`bad tar header at ${offset}`);
    const size = parseInt(text(header.subarray(124, 136)).trim() || '0', 8);
    const prefix = text(header.subarray(345, 500));
    const name = text(header.subarray(0, 100));
    const type = String.fromCharCode(header[156] || 48);
    const start = offset + BLOCK;
    if (type === '0') files.push({ path: prefix ? `${prefix}/${name}` : name, content: archive.slice(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
