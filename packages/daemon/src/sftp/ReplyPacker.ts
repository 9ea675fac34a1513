import type { Socket } from 'node:net';
import type { SFTPWrapper } from 'ssh2';
// @ts-expect-error -- ssh2 ships no types for its internals; imported, not required, so the daemon's bundle holds it
import ssh2Utils from 'ssh2/lib/protocol/utils.js';

/** ssh2's SSH layer (ssh2 1.17): a packet is allocated by its writer, filled, then encrypted and sent. */
interface Protocol {
  channelData(channel: number, data: Buffer): void;
  channelClose(channel: number): void;
  _packetRW?: { write?: { allocStart: number; alloc(size: number): Buffer; finalize(packet: Buffer): Buffer } };
}

/** ssh2's own call that encrypts and sends a packet (or queues it during a key exchange). */
const sendPacket = typeof (ssh2Utils as { sendPacket?: unknown } | undefined)?.sendPacket === 'function' ? (ssh2Utils as { sendPacket: (protocol: Protocol, packet: Buffer) => void }).sendPacket : undefined;

/** SSH_MSG_CHANNEL_DATA. */
const ChannelData = 94;

/** The parts of ssh2's SFTPWrapper (ssh2 1.17) this reaches into: its SSH layer and the channel's flow control. */
interface SftpInternals {
  _protocol: Protocol;
  /** Replies waiting for the client's window, sent in order when it opens. */
  _buffer: Buffer[];
  outgoing: { id: number; window: number; packetSize: number; state: string };
  /** The SSH connection and its socket. */
  _client?: { _sock?: Partial<Pick<Socket, 'cork' | 'uncork' | 'on'>> };
}

/** SSH_FXP_VERSION, SSH_FXP_DATA. */
const FxpVersion = 2;
const FxpData = 103;
/** The VERSION reply ssh2 sends: version 3, no extensions. */
const Ssh2Version = Buffer.from([0, 0, 0, 5, FxpVersion, 0, 0, 0, 3]);

/**
 * Sends an SFTP session's replies as full SSH packets. ssh2 gives each reply a packet of its own,
 * encrypted and written on its own: an upload's 32 KiB WRITEs are answered by thousands of
 * 28-byte packets a second, and a download's 32 KiB DATA replies (13 bytes over OpenSSH's 32 KiB
 * packet limit) leave as two packets each, a full one and one of 13 bytes. OpenSSH's sshd sends
 * the session's output as a stream cut into full packets; so does this: the replies ssh2 hands its
 * SSH layer (flow control already counted) are gathered until the event loop's check phase and cut
 * into packets of the client's largest size, written to the socket at once. DATA replies skip ssh2's
 * copy of the bytes read, and wait here, not in ssh2, when the client's window is full (OpenSSH's
 * client asks for four times what its window holds): each byte is copied once, into its packet.
 * It also names the extensions the session answers in its VERSION reply, which ssh2 sends bare.
 * Without the internals it expects (another ssh2), it leaves the session as it was.
 */
export class ReplyPacker {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private scheduled = false;
  /** Where a packet made of several replies is put together; ssh2 copies it into its own packet at once. */
  private scratch = Buffer.alloc(0);
  /** DATA replies waiting for the client's window, in order; each goes whole. */
  private waiting: { header: Buffer; data: Buffer; release?: () => void }[] = [];
  /** Told once the bytes pending are in their packets. */
  private releases: (() => void)[] = [];
  /** The VERSION reply with the extensions named, until it is sent. */
  private version: Buffer | undefined;

  private constructor(
    private readonly sftp: SFTPWrapper,
    private readonly internals: SftpInternals,
    private readonly protocol: Protocol,
    extensions: Record<string, string>,
  ) {
    const pairs = Object.entries(extensions).flatMap(([name, value]) => [name, value].map(sftpString));
    this.version = Buffer.concat([Ssh2Version, ...pairs]);
    this.version.writeUInt32BE(this.version.length - 4, 0);
  }

  /**
   * Packs the session's replies from now on, naming `extensions` (name: version) in its VERSION
   * reply; undefined (nothing changed) if ssh2 is not as expected. Call before the client's INIT.
   */
  static install(sftp: SFTPWrapper, extensions: Record<string, string> = {}): ReplyPacker | undefined {
    const internals = sftp as unknown as Partial<SftpInternals>;
    const protocol = internals._protocol;
    const outgoing = internals.outgoing;
    if (typeof protocol?.channelData !== 'function' || typeof protocol.channelClose !== 'function' || !Array.isArray(internals._buffer) || typeof outgoing?.window !== 'number' || !(outgoing.packetSize > 0)) {
      return undefined;
    }
    const packer = new ReplyPacker(sftp, internals as SftpInternals, protocol, extensions);
    internals._protocol = new Proxy(protocol, {
      get(target, key, receiver) {
        if (key === 'channelData') return (_channel: number, data: Buffer) => packer.add(data);
        // What was gathered leaves before the channel closes.
        if (key === 'channelClose') {
          return (channel: number) => {
            packer.flush(true);
            target.channelClose(channel);
          };
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    // The client's window grows only by a message from it: then the replies waiting may go.
    internals._client?._sock?.on?.('data', () => {
      if (packer.waiting.length > 0) packer.schedule();
    });
    return packer;
  }

  /** Answers a READ: as ssh2's `data`, without copying `data` first; `release` once it is copied. */
  data(id: number, data: Buffer, release?: () => void): void {
    const { outgoing, _client } = this.internals;
    // Without the socket nothing tells when the window grows: ssh2 keeps what waits for it.
    if (typeof _client?._sock?.on !== 'function') {
      this.sftp.data(id, data);
      return release?.();
    }
    if (outgoing.state !== 'open') return;
    const header = Buffer.allocUnsafe(13);
    header.writeUInt32BE(13 + data.length - 4, 0);
    header[4] = FxpData;
    header.writeUInt32BE(id, 5);
    header.writeUInt32BE(data.length, 9);
    this.waiting.push({ header, data, release });
    this.admit();
  }

  /**
   * Counts the DATA replies waiting against the window and queues them to send, whole, in order,
   * as far as the window goes; behind whatever ssh2 holds for it, which may be a reply begun.
   */
  private admit(): void {
    const { outgoing, _buffer } = this.internals;
    while (this.waiting.length > 0 && _buffer.length === 0 && outgoing.state === 'open') {
      const { header, data, release } = this.waiting[0]!;
      const length = header.length + data.length;
      if (outgoing.window < length) return;
      this.waiting.shift();
      outgoing.window -= length;
      this.add(header);
      this.add(data);
      if (release) this.releases.push(release);
    }
  }

  /**
   * Sends a reply ssh2 has no call for (`reply` holds it whole, its length first); false, with
   * nothing sent, when it cannot go out now (ssh2 holds replies for the client's window).
   */
  reply(reply: Buffer): boolean {
    const { outgoing, _buffer } = this.internals;
    if (_buffer.length > 0 || outgoing.state !== 'open' || outgoing.window < reply.length) return false;
    outgoing.window -= reply.length;
    this.add(reply);
    return true;
  }

  /** Bytes already counted against the client's window, to send by the end of this turn of the loop. */
  private add(data: Buffer): void {
    if (data.length === 0) return;
    // The first reply is VERSION: sent with the extensions named (the client's window, 2 MiB, is still whole).
    if (this.version) {
      const version = this.version;
      this.version = undefined;
      if (data.equals(Ssh2Version) && this.internals.outgoing.window >= version.length - data.length) {
        this.internals.outgoing.window -= version.length - data.length;
        data = version;
      }
    }
    this.pending.push(data);
    this.pendingBytes += data.length;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush(false));
  }

  /** Sends what is gathered in packets of the client's largest size; `closing`: our CLOSE follows. */
  private flush(closing: boolean): void {
    this.scheduled = false;
    if (closing) this.waiting = [];
    else this.admit();
    const { outgoing } = this.internals;
    const pending = this.pending;
    const releases = this.releases;
    let left = this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    this.releases = [];
    // As ssh2 does, nothing is sent on a channel that is no longer open (or, before our CLOSE, closing).
    if (left === 0 || !(outgoing.state === 'open' || (closing && outgoing.state === 'closing'))) return;
    // One write for them all: the client reads a download in large pieces, not a wakeup per packet.
    const socket = this.internals._client?._sock;
    const corked = typeof socket?.cork === 'function' && typeof socket.uncork === 'function';
    if (corked) socket.cork!();
    const writer = this.protocol._packetRW?.write;
    let index = 0;
    let offset = 0;
    while (left > 0) {
      const size = Math.min(left, outgoing.packetSize);
      left -= size;
      if (sendPacket && writer) {
        // Straight into ssh2's packet, as its channelData builds one: the bytes are copied once.
        let at = writer.allocStart;
        const packet = writer.alloc(9 + size);
        packet[at] = ChannelData;
        packet.writeUInt32BE(outgoing.id, at + 1);
        packet.writeUInt32BE(size, at + 5);
        at += 9;
        [index, offset] = copyPieces(pending, index, offset, packet, at, size);
        sendPacket(this.protocol, writer.finalize(packet));
        continue;
      }
      const first = pending[index]!;
      let packet: Buffer;
      if (first.length - offset >= size) {
        packet = first.subarray(offset, offset + size);
        offset += size;
        if (offset === first.length) {
          index++;
          offset = 0;
        }
      } else {
        if (this.scratch.length < size) this.scratch = Buffer.allocUnsafe(outgoing.packetSize);
        packet = this.scratch.subarray(0, size);
        [index, offset] = copyPieces(pending, index, offset, packet, 0, size);
      }
      this.protocol.channelData(outgoing.id, packet);
    }
    if (corked) socket.uncork!();
    // Every byte pending is in an SSH packet now.
    for (const release of releases) release();
  }
}

/** Copies `size` bytes of `pieces`, from piece `index` at `offset`, to `target` at `at`; answers where it stopped. */
function copyPieces(pieces: Buffer[], index: number, offset: number, target: Buffer, at: number, size: number): [number, number] {
  let filled = 0;
  while (filled < size) {
    const piece = pieces[index]!;
    const take = Math.min(piece.length - offset, size - filled);
    target.set(offset === 0 && take === piece.length ? piece : piece.subarray(offset, offset + take), at + filled);
    filled += take;
    offset += take;
    if (offset === piece.length) {
      index++;
      offset = 0;
    }
  }
  return [index, offset];
}

function sftpString(text: string): Buffer {
  const bytes = Buffer.from(text);
  const length = Buffer.allocUnsafe(4);
  length.writeUInt32BE(bytes.length, 0);
  return Buffer.concat([length, bytes]);
}
