import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Daemon } from '../Daemon.js';
import { isZombie } from '../environments/processTree.js';
import { fakeDefinition, isAlive, openTestDaemon, waitFor } from './testServer.js';

let open: Awaited<ReturnType<typeof openTestDaemon>> | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

async function setup(config: Parameters<typeof openTestDaemon>[0] = {}): Promise<Daemon> {
  open = await openTestDaemon(config);
  return open.daemon;
}

const text = (daemon: Daemon, id: string) => daemon.servers.get(id).console.replay().logs.join('');
const gone = (pid: number) => !isAlive(pid) || isZombie(pid);

describe('server power', () => {
  it('starts, shows output, echoes a command, and stops by its stop command', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('a1b2c3d4', fakeDefinition({ command: `"${process.execPath}" "${fakeDefinitionPath()}" \${motd}` }));
    await server.start();
    expect(server.running).toBe(true);
    await waitFor(() => text(daemon, 'a1b2c3d4').includes('ready'), 5000, 'banner');
    expect(text(daemon, 'a1b2c3d4')).toMatch(/ready \d+ hello/);
    server.sendCommand('echo hi there');
    await waitFor(() => text(daemon, 'a1b2c3d4').includes('echo: hi there'));
    await server.stop();
    expect(server.running).toBe(false);
    expect(text(daemon, 'a1b2c3d4')).toContain('stopping');
    expect(text(daemon, 'a1b2c3d4')).toContain('[DAEMON] Server exited with code 0');
  });

  it('kills the whole process tree, grandchild included', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('00000001', fakeDefinition());
    await server.start();
    server.sendCommand('spawn');
    await waitFor(() => /grandchild \d+/.test(text(daemon, '00000001')));
    const grandchild = Number(/grandchild (\d+)/.exec(text(daemon, '00000001'))![1]);
    const main = Number(/ready (\d+)/.exec(text(daemon, '00000001'))![1]);
    expect(isAlive(grandchild)).toBe(true);
    await server.kill();
    expect(server.running).toBe(false);
    await waitFor(() => gone(grandchild) && gone(main), 3000, 'tree to die');
  });

  it('kills a grandchild that left the process group while its parent runs', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000000c', fakeDefinition());
    await server.start();
    server.sendCommand('spawn setsid');
    await waitFor(() => /grandchild \d+/.test(text(daemon, '0000000c')));
    const grandchild = Number(/grandchild (\d+)/.exec(text(daemon, '0000000c'))![1]);
    await server.kill();
    await waitFor(() => gone(grandchild), 3000, 'escaped grandchild to die');
  });

  it('kills a server that ignores its stop after the grace period', async () => {
    const daemon = await setup({ stopGraceMs: 300 });
    const server = await daemon.servers.create('00000002', fakeDefinition({ stop: undefined }));
    await server.start();
    server.sendCommand('hang');
    await waitFor(() => text(daemon, '00000002').includes('hanging'));
    await server.stop();
    expect(server.running).toBe(false);
    expect(text(daemon, '00000002')).toContain('ignoring SIGTERM');
    expect(text(daemon, '00000002')).toContain('did not stop within');
  });

  it('stops with the stopCode signal when the definition names one', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('00000003', fakeDefinition({ stop: undefined, stopCode: 2 }));
    await server.start();
    await waitFor(() => text(daemon, '00000003').includes('ready'));
    await server.stop();
    expect(text(daemon, '00000003')).toContain('exited by signal SIGINT');
  });

  it('restarts for a caller who may not stop only while stopped: a start queued ahead of it makes it a refusal, and the program runs on', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000f00d', fakeDefinition());
    // Nothing runs when both are asked for, so only the check under the lock can see the start.
    const started = server.start();
    const restarted = server.restart(false);
    await started;
    await expect(restarted).rejects.toMatchObject({ code: 'ErrMissingScope', metadata: { scope: 'server.stop' } });
    await waitFor(() => text(daemon, '0000f00d').includes('ready'), 5000, 'banner');
    server.sendCommand('echo still here');
    await waitFor(() => text(daemon, '0000f00d').includes('echo: still here'));
    expect(server.running).toBe(true);
    expect(text(daemon, '0000f00d').match(/ready \d+/g)).toHaveLength(1);
    expect(text(daemon, '0000f00d')).not.toContain('stopping');

    await server.stop();
    await server.restart(false);
    expect(server.running).toBe(true);
  });

  it('autorestarts after exit code 0, but not after a user stop', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('00000004', fakeDefinition({ autorestart: true }));
    await server.start();
    await waitFor(() => text(daemon, '00000004').includes('ready'));
    server.sendCommand('stop'); // the program exits by itself with 0
    await waitFor(() => text(daemon, '00000004').includes('Restarting server (autorestart)'));
    await waitFor(() => server.running && (text(daemon, '00000004').match(/ready/g) ?? []).length === 2, 5000, 'second start');
    await server.stop();
    // stop() settles once the exit has been handled, restart decision included, and every
    // restart is announced before it is scheduled: no second announcement means none is coming.
    expect(server.running).toBe(false);
    expect(text(daemon, '00000004').match(/Restarting server/g)).toHaveLength(1);
  });

  it('recovers from crashes with backoff and gives up after 5 within the window', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('00000005', fakeDefinition({ autorecover: true, autorestart: false }));
    await server.start();
    for (let crash = 1; crash <= 4; crash++) {
      await waitFor(() => server.running && (text(daemon, '00000005').match(/ready/g) ?? []).length === crash, 5000, `start ${crash}`);
      server.sendCommand('crash');
      await waitFor(() => (text(daemon, '00000005').match(/restarting it in/g) ?? []).length === crash, 5000, `recovery ${crash}`);
    }
    expect(text(daemon, '00000005')).toMatch(/restarting it in 50 ms[\s\S]*in 100 ms[\s\S]*in 200 ms[\s\S]*in 400 ms/);
    await waitFor(() => server.running && (text(daemon, '00000005').match(/ready/g) ?? []).length === 5, 5000, 'fifth start');
    server.sendCommand('crash');
    await waitFor(() => text(daemon, '00000005').includes('not restarting it again'));
    // Giving up is the whole decision for this exit: nothing was scheduled after the fourth recovery.
    expect(server.running).toBe(false);
    expect(text(daemon, '00000005').match(/restarting it in/g)).toHaveLength(4);
    expect(text(daemon, '00000005').match(/Starting server/g)).toHaveLength(5);
  });

  it('a kill never triggers recovery', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('00000006', fakeDefinition({ autorecover: true, autorestart: true }));
    await server.start();
    await server.kill();
    // kill() settles once the exit has been handled, so a recovery would be announced by now.
    expect(server.running).toBe(false);
    expect(text(daemon, '00000006')).toContain('Server exited by signal SIGKILL');
    expect(text(daemon, '00000006')).not.toMatch(/restarting/i);
  });

  it('refuses install while running, and runs install steps when stopped', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create(
      '00000007',
      fakeDefinition({}, { install: [{ type: 'writefile', target: 'eula.txt', text: 'eula=${motd}' }] }),
    );
    await server.start();
    await expect(server.install()).rejects.toMatchObject({ code: 'ErrServerRunning' });
    await server.stop();
    await server.install();
    expect(await readFile(join(server.root, 'eula.txt'), 'utf8')).toBe('eula=hello');
    expect(text(daemon, '00000007')).toContain('[DAEMON] Server installed');
  });

  it('runs a command install step in the environment with its output in the console', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create(
      '00000008',
      fakeDefinition({}, { install: [{ type: 'command', commands: [`"${process.execPath}" -e "console.log('installing ' + 42)"`] }] }),
    );
    await server.install();
    expect(text(daemon, '00000008')).toContain('installing 42');
  });

  it("puts the JDK of the javadl step first in PATH, with JAVA_HOME, for later steps and the run command", async () => {
    const daemon = await setup();
    // The node's shared Java folder already holds a JDK 17 (javadl fetched it for another server).
    const home = join(open!.dir, 'java', '17');
    await mkdir(join(home, 'bin'), { recursive: true, mode: 0o755 });
    await writeFile(join(home, 'bin', 'java'), '#!/bin/sh\necho "java from $JAVA_HOME says $1"\n', { mode: 0o755 });
    const server = await daemon.servers.create(
      '00000009',
      fakeDefinition({ command: ['java', 'running'] }, { install: [{ type: 'javadl', version: 17 }, { type: 'command', commands: ['java installing'] }] }),
    );
    await server.install();
    expect(text(daemon, '00000009')).toContain('Java 17 is already on this node');
    expect(text(daemon, '00000009')).toContain(`java from ${home} says installing`);
    await server.start();
    await waitFor(() => text(daemon, '00000009').includes(`java from ${home} says running`), 10_000, 'the run command to use the JDK');
  });

  it('says it is installing while its install steps run, with a status change at each end', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create(
      '00000009',
      fakeDefinition({}, { install: [{ type: 'command', commands: [`"${process.execPath}" -e "console.log('step begins');setTimeout(()=>{},300)"`] }] }),
    );
    const seen: boolean[] = [];
    server.onStatus(() => seen.push(server.installing));
    expect(server.installing).toBe(false);
    const done = server.install();
    await waitFor(() => text(daemon, '00000009').includes('step begins'), 5000, 'the step');
    expect(server.installing).toBe(true);
    await done;
    expect(server.installing).toBe(false);
    expect(seen).toEqual([true, false]);
  });
});

describe('servers on disk', () => {
  it('keeps each console across a daemon restart, older lines first and stamps in order', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000000c', fakeDefinition());
    server.log('before the restart');
    const before = server.console.replay();
    await daemon.close();

    const again = await openTestDaemon({ serversDir: open!.dir });
    try {
      const restored = again.daemon.servers.get('0000000c');
      expect(restored.console.replay()).toEqual(before);
      restored.log('after the restart');
      const text = restored.console.replay().logs.join('');
      expect(text.indexOf('before the restart')).toBeLessThan(text.indexOf('after the restart'));
      // Asking since the old epoch gives only what is new.
      expect(restored.console.replay(before.epoch).logs.join('')).not.toContain('before');
      await again.daemon.close();
    } finally {
      await again.cleanup();
    }
  });

  it('keeps definitions as JSON files, reloads edits, starts autostart servers on open, stops all on close', async () => {
    const daemon = await setup();
    await daemon.servers.create('0000000a', fakeDefinition({ autostart: true }));
    const file = join(open!.dir, '0000000a.json');
    const def = JSON.parse(await readFile(file, 'utf8'));
    def.data.motd.value = 'edited by hand';
    await writeFile(file, JSON.stringify(def));
    await daemon.servers.reload('0000000a');
    expect(daemon.servers.getData('0000000a').motd.value).toBe('edited by hand');
    await daemon.close();

    const again = await openTestDaemon({ serversDir: open!.dir });
    try {
      const server = again.daemon.servers.get('0000000a');
      await waitFor(() => server.running, 5000, 'autostart');
      await again.daemon.close();
      expect(server.running).toBe(false);
    } finally {
      await again.cleanup();
    }
  });

  it('validates data values by type and userEdit, and deletes servers with their files', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000000b', fakeDefinition());
    await daemon.servers.putData('0000000b', { motd: 'new' }, false);
    expect(daemon.servers.getData('0000000b').motd.value).toBe('new');
    await expect(daemon.servers.putData('0000000b', { port: 1 }, false)).rejects.toMatchObject({ code: 'ErrNoPermission' });
    await expect(daemon.servers.putData('0000000b', { port: 'abc' }, true)).rejects.toMatchObject({ code: 'ErrInvalidVariable' });
    await daemon.servers.putData('0000000b', { port: '25570' }, true);
    expect(daemon.servers.getData('0000000b').port.value).toBe(25570);
    await server.start();
    await daemon.servers.delete('0000000b');
    expect(server.running).toBe(false);
    expect(existsSync(server.root)).toBe(false);
    expect(existsSync(join(open!.dir, '0000000b.json'))).toBe(false);
    expect(() => daemon.servers.get('0000000b')).toThrow();
  });
});

function fakeDefinitionPath(): string {
  return (fakeDefinition().run.command as string[])[1];
}
