import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { Daemon } from '../Daemon.js';
import { fakeDefinition, openTestDaemon } from '../servers/testServer.js';

// Issue 28, item 2: a server's jail object belongs to its daemon. It was kept in one map for the
// whole process, by folder, so two daemons on the same servers folder shared it and closing one
// closed the other's.
describe('two daemons in one process on the same servers folder', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("hold their own jail for a server, and the second still reads its files after the first closes", async () => {
    const first = await openTestDaemon({ autostart: false });
    cleanups.push(first.cleanup);
    const id = 'f11e0001';
    await first.daemon.servers.create(id, fakeDefinition());
    await first.daemon.files(first.daemon.servers.get(id)).write('notes.txt', 'kept');

    const second = await Daemon.open({ nodeId: 'node-2', secret: 'test-secret', serversDir: first.dir, autostart: false, stopGraceMs: 3000, restartDelayMs: 50 });
    cleanups.push(() => second.close());
    const secondFiles = second.files(second.servers.get(id));
    expect(secondFiles).not.toBe(first.daemon.files(first.daemon.servers.get(id)));
    expect(await text((await secondFiles.readStream('notes.txt')).stream)).toBe('kept');

    await first.daemon.close();
    expect((await secondFiles.list('.')).map((entry) => entry.name)).toContain('notes.txt');
    expect(await text((await secondFiles.readStream('notes.txt')).stream)).toBe('kept');
  });
});
