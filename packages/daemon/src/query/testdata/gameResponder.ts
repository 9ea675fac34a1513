/**
 * A test game for the query tests, as the source of a Node program (run it with `node -e`):
 * `node -e GAME_RESPONDER <port> <online> <max> <motd> [names...]` answers on 127.0.0.1:<port>
 * Minecraft Java's server-list ping over TCP (handshake, status request, then ping) and Source's
 * A2S_INFO and A2S_PLAYER over UDP, the way newer Source servers do: the first request of each
 * gets a challenge number, and only a request carrying it gets the answer. Written from the
 * protocols' public descriptions (wiki.vg "Server List Ping", Valve's "Server queries").
 */
export const GAME_RESPONDER = String.raw`
const net = require('node:net');
const dgram = require('node:dgram');
const [portText, onlineText, maxText, motd, ...names] = process.argv.slice(1);
const [port, online, max] = [Number(portText), Number(onlineText), Number(maxText)];
const VERSION = '1.21.4';

// Minecraft: packets are [VarInt length][VarInt id][fields]; strings are [VarInt length][UTF-8].
function varint(value) {
  const bytes = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return Buffer.from(bytes);
}
function readVarint(buffer, offset) {
  let value = 0;
  for (let shift = 0, i = offset; i < buffer.length && shift < 35; shift += 7, i++) {
    value |= (buffer[i] & 0x7f) << shift;
    if ((buffer[i] & 0x80) === 0) return { value, next: i + 1 };
  }
  return undefined;
}
function packet(id, body) {
  const inner = Buffer.concat([varint(id), body]);
  return Buffer.concat([varint(inner.length), inner]);
}
const status = () => JSON.stringify({
  version: { name: VERSION, protocol: 769 },
  players: { online, max, sample: names.map((name, i) => ({ name, id: '00000000-0000-4000-8000-00000000000' + i })) },
  description: { text: motd },
});

net.createServer((socket) => {
  let pending = Buffer.alloc(0);
  let state = 0;
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const length = readVarint(pending, 0);
      if (!length || pending.length < length.next + length.value) return;
      const body = pending.subarray(length.next, length.next + length.value);
      pending = pending.subarray(length.next + length.value);
      const id = readVarint(body, 0);
      if (!id) return socket.destroy();
      if (state === 0 && id.value === 0) {
        // Handshake: protocol version, address, port, then the next state (1: status).
        let at = readVarint(body, id.next).next;
        const address = readVarint(body, at);
        at = address.next + address.value + 2;
        state = readVarint(body, at).value;
      } else if (state === 1 && id.value === 0) {
        const text = Buffer.from(status(), 'utf8');
        socket.write(packet(0, Buffer.concat([varint(text.length), text])));
      } else if (state === 1 && id.value === 1) {
        socket.end(packet(1, body.subarray(id.next)));
      } else {
        socket.destroy();
      }
    }
  });
}).listen(port, '127.0.0.1');

// Source: every datagram starts FF FF FF FF, then its type; numbers little-endian, strings end in 0.
const challenge = 0x5eed1234;
const head = (type) => Buffer.from([0xff, 0xff, 0xff, 0xff, type]);
const text = (value) => Buffer.from(value + '\0', 'utf8');
const u8 = (value) => Buffer.from([value]);
function u16(value) { const b = Buffer.alloc(2); b.writeUInt16LE(value); return b; }
function i32(value) { const b = Buffer.alloc(4); b.writeInt32LE(value); return b; }
function f32(value) { const b = Buffer.alloc(4); b.writeFloatLE(value); return b; }
function u32(value) { const b = Buffer.alloc(4); b.writeUInt32LE(value >>> 0); return b; }
const info = () => Buffer.concat([
  head(0x49), u8(17), text(motd), text('de_dust2'), text('cstrike'), text('Counter-Strike'), u16(240),
  u8(online), u8(max), u8(0), u8(0x64), u8(0x6c), u8(0), u8(1), text(VERSION), u8(0),
]);
const players = () => Buffer.concat([head(0x44), u8(names.length), ...names.map((name, i) => Buffer.concat([u8(i), text(name), i32(10 * i), f32(60 + i)]))]);

const udp = dgram.createSocket('udp4');
udp.on('message', (message, from) => {
  if (message.length < 5 || message.readInt32LE(0) !== -1) return;
  const type = message[4];
  const reply = (buffer) => udp.send(buffer, from.port, from.address);
  if (type === 0x54) {
    const query = 'Source Engine Query\0';
    const given = message.length >= 5 + query.length + 4 ? message.readUInt32LE(5 + query.length) : undefined;
    return reply(given === challenge ? info() : Buffer.concat([head(0x41), u32(challenge)]));
  }
  if (type === 0x55 || type === 0x56) {
    const given = message.length >= 9 ? message.readUInt32LE(5) : undefined;
    if (given !== challenge) return reply(Buffer.concat([head(0x41), u32(challenge)]));
    return reply(type === 0x55 ? players() : Buffer.concat([head(0x45), u16(0)]));
  }
});
udp.bind(port, '127.0.0.1', () => console.log('game responder ready on ' + port));
process.on('SIGTERM', () => process.exit(0));
`;
