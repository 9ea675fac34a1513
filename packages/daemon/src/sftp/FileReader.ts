import type { FileHandle } from 'node:fs/promises';

/** Bytes read from the file at once; a client's READs of 32 KiB are answered from them. */
const BlockBytes = 512 * 1024;
/** Blocks kept per open file: OpenSSH keeps 64 READs of 32 KiB (2 MiB) in flight, and one block is read ahead. */
const BlocksKept = 6;
/** How long a block answers READs (ms): a download sees the file as it was this long ago at most. */
const BlockLifetimeMs = 500;

interface Block {
  offset: number;
  readAt: number;
  /** The bytes read; fewer than BlockBytes at the end of the file. */
  data: Promise<Buffer>;
  /** Whether the block after it is being read too (or need not be). */
  followed: boolean;
}

/**
 * Reads one open file for an SFTP session. Clients keep many READs of 32 KiB in flight (OpenSSH
 * 64), and a thread-pool round trip for each holds a download to a fraction of what the SSH
 * transport carries: instead, a READ outside the blocks read lately reads a block of 512 KiB from
 * its offset, and the READs that fall inside a block (already read, or still being read) are
 * answered from it. A block answers for half a second at most, and a write through the same handle
 * drops them all, so a client reading back what it wrote sees its writes. Read in order, the next
 * block is read as soon as one is first used and read whole, so the client's READs do not wait on the thread
 * pool (on a busy machine, its round trip stalls the whole window of READs in flight).
 */
export class FileReader {
  private blocks: Block[] = [];
  /** Counts forget(): a block read ahead for an older state of the file is not started. */
  private generation = 0;

  constructor(private readonly file: FileHandle) {}

  /** Up to `length` bytes from `offset`; an empty buffer at the end of the file. */
  async read(offset: number, length: number): Promise<Buffer> {
    const now = Date.now();
    let block = this.blocks.find((b) => b.offset <= offset && offset + length <= b.offset + BlockBytes && now - b.readAt < BlockLifetimeMs);
    // A read from the start, or on from the last block, is a file read in order.
    block ??= this.start(offset, now, offset !== 0 && !this.blocks.some((b) => b.offset + BlockBytes === offset));
    if (!block.followed) {
      block.followed = true;
      const { generation } = this;
      const next = block.offset + BlockBytes;
      // Once the block is read whole: the file goes on, and nothing was written through the handle since.
      block.data.then(
        (data) => {
          const later = Date.now();
          if (data.length === BlockBytes && generation === this.generation && !this.blocks.some((b) => b.offset === next && later - b.readAt < BlockLifetimeMs)) this.start(next, later, false);
        },
        () => {},
      );
    }
    const data = await block.data;
    return data.subarray(Math.min(offset - block.offset, data.length), Math.min(offset - block.offset + length, data.length));
  }

  /** Forgets what was read: the file changed through this handle. */
  forget(): void {
    this.blocks = [];
    this.generation++;
  }

  /** Starts reading the block at `offset`; `followed`: none is to be read after it. */
  private start(offset: number, now: number, followed: boolean): Block {
    const block: Block = { offset, readAt: now, data: this.readBlock(offset), followed };
    // A failed read answers the READs waiting for it, not the next ones.
    block.data.catch(() => (this.blocks = this.blocks.filter((b) => b !== block)));
    this.blocks.push(block);
    if (this.blocks.length > BlocksKept) this.blocks.shift();
    return block;
  }

  private async readBlock(offset: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(BlockBytes);
    let filled = 0;
    // A regular file answers short only at its end, but a read may be cut by a signal: read on until one answers nothing.
    while (filled < BlockBytes) {
      const { bytesRead } = await this.file.read(buffer, filled, BlockBytes - filled, offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  }
}
