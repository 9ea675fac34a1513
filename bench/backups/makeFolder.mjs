// The folder the backups benchmark copies: a game server's files in miniature, made from a fixed
// seed so every run archives the same bytes. Three large files (one of random bytes, two laid out
// like Minecraft region files) and many small text-like ones in nested folders.
import { createCipheriv, createHash } from 'node:crypto';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const BLOCK = 4096;

/** A seeded stream of pseudo-random bytes (AES-CTR over zeros): the same label, the same bytes. */
class Random {
  constructor(label) {
    this.cipher = createCipheriv('aes-256-ctr', createHash('sha256').update(label).digest(), Buffer.alloc(16));
    this.pool = Buffer.alloc(0);
    this.at = 0;
  }

  bytes(n) {
    return this.cipher.update(Buffer.alloc(n));
  }

  /** An integer in [0, n). */
  below(n) {
    if (this.at + 4 > this.pool.length) [this.pool, this.at] = [this.bytes(65_536), 0];
    const value = this.pool.readUInt32LE(this.at);
    this.at += 4;
    return value % n;
  }
}

/**
 * One 4 KiB sector of a region-like file. Its chunks are mostly zlib'd already (random to gzip),
 * some repeat a nearby sector (within gzip's 32 KiB window), some are loosely packed data, the
 * rest padding: gzip finds work in every kind, and shrinks the whole to about half.
 */
function regionBlock(random, recent) {
  const kind = random.below(100);
  if (kind < 35 || recent.length === 0) return random.bytes(BLOCK);
  if (kind < 65) return recent[random.below(recent.length)];
  if (kind < 85) {
    const block = random.bytes(BLOCK);
    for (let i = 0; i < BLOCK; i++) block[i] &= 0x1f;
    return block;
  }
  return Buffer.alloc(BLOCK);
}

async function writeLarge(path, size, random, regionLike) {
  await mkdir(dirname(path), { recursive: true });
  const file = await open(path, 'w');
  try {
    const recent = [];
    for (let written = 0; written < size; ) {
      const chunk = [];
      for (let i = 0; i < 256 && written < size; i++) {
        const block = regionLike ? regionBlock(random, recent) : random.bytes(BLOCK);
        if (regionLike) {
          recent.push(block);
          if (recent.length > 7) recent.shift();
        }
        chunk.push(block.subarray(0, Math.min(BLOCK, size - written)));
        written += chunk.at(-1).length;
      }
      await file.write(Buffer.concat(chunk));
    }
  } finally {
    await file.close();
  }
}

const LETTERS = 'etaoinshrdlucmfwypvbgkqjxz';

/** Words of 2 to 10 letters, common letters more often, as in the configs and logs of a game. */
function vocabulary(random, count) {
  return Array.from({ length: count }, () => {
    let word = '';
    for (let n = 2 + random.below(9); n > 0; n--) word += LETTERS[Math.min(random.below(26), random.below(26))];
    return word;
  });
}

/** Lines in the manner of the file's kind: a log, YAML, JSON or properties. */
function textLine(kind, random, words) {
  const w = () => words[random.below(words.length)];
  const n = () => random.below(100_000);
  switch (kind) {
    case 'log':
      return `[${String(random.below(24)).padStart(2, '0')}:${String(random.below(60)).padStart(2, '0')}:${String(random.below(60)).padStart(2, '0')}] [Server thread/INFO]: ${w()} ${w()} ${w()} ${w()} (${n()})`;
    case 'yml':
      return `  ${w()}_${w()}: ${w()} ${n()}`;
    case 'json':
      return `  "${w()}": {"${w()}": ${n()}, "${w()}": "${w()} ${w()}"},`;
    default:
      return `${w()}.${w()}=${w()}`;
  }
}

const KINDS = ['log', 'yml', 'json', 'properties'];

/**
 * Makes the folder at `root`: `smallCount` text files of 1 to 20 KiB in nested folders, then
 * three large files filling the rest of `totalBytes`. Answers what it holds.
 */
export async function makeFolder(root, { totalBytes, smallCount, seed }) {
  const random = new Random(`outpost-bench-backups-${seed}-small`);
  const words = vocabulary(random, 2000);
  let smallBytes = 0;
  const folders = new Set();
  for (let i = 0; i < smallCount; i++) {
    const kind = KINDS[random.below(KINDS.length)];
    const folder = join(root, ['plugins', 'config', 'logs', 'mods', 'world/data'][i % 5], `p${String(random.below(20)).padStart(2, '0')}`, `d${String(random.below(10))}`);
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    const size = 1024 + random.below(19 * 1024 + 1);
    const lines = [];
    for (let length = 0; length < size; length += lines.at(-1).length + 1) lines.push(textLine(kind, random, words));
    await writeFile(join(folder, `${words[random.below(words.length)]}-${i}.${kind}`), lines.join('\n').slice(0, size));
    smallBytes += size;
  }
  const large = Math.floor((totalBytes - smallBytes) / 3);
  if (large <= 0) throw new Error(`${smallCount} small files already take ${smallBytes} of ${totalBytes} bytes`);
  await writeLarge(join(root, 'cache/random.bin'), large, new Random(`outpost-bench-backups-${seed}-random`), false);
  for (const region of ['r.0.0.mca', 'r.0.-1.mca']) await writeLarge(join(root, 'world/region', region), large, new Random(`outpost-bench-backups-${seed}-${region}`), true);
  return { bytes: smallBytes + 3 * large, files: smallCount + 3, folders: folders.size, smallBytes, largeBytes: large };
}
