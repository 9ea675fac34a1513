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
  buffer: Buffer;
  /** READs answered from it whose bytes are not yet released. */
  users: number;
  /** Whether it still answers READs (not yet dropped for a newer block or a write). */
  kept: boolean;
}

/** Blocks kept for reuse per open file, once no READ holds their bytes. */
const SpareBlocks = 3;

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
  /** Block buffers no READ holds any more: the next blocks are read into them, not into new memory. */
  private spare: Buffer[] = [];
  /** Which block a READ's bytes came from, for release(). */
  private readonly owners = new WeakMap<ArrayBufferLike, Block>();

  constructor(private readonly file: FileHandle) {}

  /**
   * Up to `length` bytes from `offset`; an empty buffer at the end of the file. Hand the answer to
   * release() once its bytes are copied, so its block's memory is used again (an answer never
   * released is left to the garbage collector: a download would otherwise allocate every byte anew).
   */
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
    // Held from now: a block dropped meanwhile keeps its bytes until this answer is released.
    block.users++;
    const data = await block.data;
    return data.subarray(Math.min(offset - block.offset, data.length), Math.min(offset - block.offset + length, data.length));
  }

  /** The bytes of an answer of read() are copied: its block may be used again once none is held. */
  release(data: Buffer): void {
    const block = this.owners.get(data.buffer);
    if (block && block.users > 0 && --block.users === 0 && !block.kept) this.reuse(block);
  }

  /** Forgets what was read: the file changed through this handle. */
  forget(): void {
    for (const block of this.blocks) this.drop(block);
    this.blocks = [];
    this.generation++;
  }

  private drop(block: Block): void {
    block.kept = false;
    if (block.users === 0) this.reuse(block);
  }

  /** Once its read is over (the thread pool writes no more into it), the block's buffer is spare. */
  private reuse(block: Block): void {
    block.data.then(
      () => {
        if (block.kept || block.users > 0 || this.spare.includes(block.buffer) || this.spare.length >= SpareBlocks) return;
        this.owners.delete(block.buffer.buffer);
        this.spare.push(block.buffer);
      },
      () => {},
    );
  }

  /** Starts reading the block at `offset`; `followed`: none is to be read after it. */
  private start(offset: number, now: number, followed: boolean): Block {
    const buffer = this.spare.pop() ?? Buffer.allocUnsafe(BlockBytes);
    const block: Block = { offset, readAt: now, data: this.readBlock(buffer, offset), followed, buffer, users: 0, kept: true };
    this.owners.set(buffer.buffer, block);
    // A failed read answers the READs waiting for it, not the next ones; its buffer is not used again.
    block.data.catch(() => {
      block.kept = false;
      block.users = Infinity;
      this.blocks = this.blocks.filter((b) => b !== block);
    });
    this.blocks.push(block);
    if (this.blocks.length > BlocksKept) this.drop(this.blocks.shift()!);
    return block;
  }

  private async readBlock(buffer: Buffer, offset: number): Promise<Buffer> {
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
