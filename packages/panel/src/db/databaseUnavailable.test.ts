import { createServer, connect, type Server, type Socket } from 'node:net';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../test/factories.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/testDatabase.js';

/** A loopback TCP relay to the database server that the test can take down and bring back on the same port. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  await up();
  return {
    port: () => port,
    up,
    async down() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

const me = (t: TestApp, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/self', headers });

describe('a database that is down', () => {
  let t: TestApp | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await t?.close();
    await database?.drop();
    t = undefined;
    database = undefined;
  });

  it.each(testDialects().filter((dialect) => dialect !== 'sqlite'))('on %s answers 503 ErrDatabaseNotAvailable, and the panel recovers when it is back', async (dialect) => {
    database = await createTestDatabase(dialect);
    const direct = new URL(database.config.url);
    const relay = await startRelay(direct);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port());
    t = await createTestApp({ db: { dialect, url: viaRelay.toString() } });
    const user = await createSignedInUser(t.app, []);
    expect((await me(t, user.headers)).statusCode).toBe(200);

    await relay.down();
    // Read answers may come from the one-second cache first; then the database is asked.
    const down = await vi.waitUntil(async () => {
      const answer = await me(t!, user.headers);
      return answer.statusCode !== 200 ? answer : undefined;
    }, { timeout: 15_000, interval: 200 });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toMatchObject({ code: 'ErrDatabaseNotAvailable' });

    await relay.up();
    await vi.waitUntil(async () => (await me(t!, user.headers)).statusCode === 200, { timeout: 15_000, interval: 200 });
  }, 60_000);

  it('on SQLite, locked by another process past the busy timeout, answers 503 ErrDatabaseNotAvailable', async () => {
    t = await createTestApp();
    const user = await createSignedInUser(t.app, []);
    // Another writer (`outpost user add`, a backup tool) holds the file's write lock.
    const other = new SQLite(t.config.db.url);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const answer = await t.app.inject({ method: 'PUT', url: '/api/userSettings/dark', headers: user.headers, payload: { value: 'true' } });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error).toMatchObject({ code: 'ErrDatabaseNotAvailable' });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  }, 30_000);
});
