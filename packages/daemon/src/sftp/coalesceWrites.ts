import type { Socket } from 'node:net';

/**
 * Sends what a connection answers to one read from its socket in one write. An SFTP client keeps
 * many requests in flight (OpenSSH 64 WRITEs of 32 KiB), so one read holds several of them, and
 * ssh2 writes each answer, a packet of a few dozen bytes, to the socket on its own: a system call
 * apiece, a fifth of the server's time in an upload. Corked from the read until the loop's check
 * phase, the answers given meanwhile (after their awaits, too) leave as one writev.
 * Call before the SSH server adds its own 'data' listener, so the cork comes first.
 */
export function coalesceWrites(socket: Socket): void {
  let corked = false;
  socket.on('data', () => {
    if (corked) return;
    corked = true;
    socket.cork();
    setImmediate(() => {
      corked = false;
      socket.uncork();
    });
  });
}
