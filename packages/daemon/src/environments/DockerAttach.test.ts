import { describe, expect, it } from 'vitest';
import { createDemuxer, type OutputStream } from './DockerAttach.js';

describe('docker output demuxer', () => {
  it('splits frames that arrive across chunks and keeps stdout apart from stderr', () => {
    const frame = (stream: number, text: string) => {
      const payload = Buffer.from(text);
      const header = Buffer.alloc(8);
      header[0] = stream;
      header.writeUInt32BE(payload.length, 4);
      return Buffer.concat([header, payload]);
    };
    const seen: [OutputStream, string][] = [];
    const demux = createDemuxer((stream, chunk) => seen.push([stream, chunk.toString()]));
    const all = Buffer.concat([frame(1, 'hello\n'), frame(2, 'oops\n'), frame(1, 'bye\n')]);
    for (let i = 0; i < all.length; i += 3) demux(all.subarray(i, i + 3));
    expect(seen).toEqual([
      ['stdout', 'hello\n'],
      ['stderr', 'oops\n'],
      ['stdout', 'bye\n'],
    ]);
  });
});
