// Escape tests of the paths a server's own work names (issue 28, item 5): the run directory, a
// docker binding's source, a step's path and the folder removed on delete, each resolved by the
// server's ServerFiles while a link is planted, or swapped in and out, where that path would be.
import { chown, lstat, mkdir, readFile, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveBindings } from '../environments/DockerContainerOptions.js';
import type { OperationContext } from '../operations/OperationContext.js';
import { runOperations } from '../operations/runOperations.js';
import { resolveWorkingDirectory } from '../servers/buildExecution.js';
import { makeJailFixture, OutsideText, raceWhileSwapping, startSwapper, type JailFixture } from './jailTestKit.js';
import { isInside } from './resolveInside.js';
import { ServerFiles } from './ServerFiles.js';

/** An unprivileged uid no account uses, for folders owned by "the server's user". */
const ServerUid = 61234;
const asRoot = process.getuid?.() === 0;
const owners = asRoot ? [undefined, ServerUid] : [undefined];

let fixture: JailFixture | undefined;
let files: ServerFiles | undefined;
afterEach(async () => {
  files?.close();
  await fixture?.cleanup();
  fixture = files = undefined;
});

async function setUp(owner?: number): Promise<{ fixture: JailFixture; files: ServerFiles }> {
  fixture = await makeJailFixture(owner);
  files = new ServerFiles(fixture.root);
  return { fixture, files };
}

/** Refuses an answered path that is not below the server folder. */
async function expectInside(fixture: JailFixture, path: string): Promise<void> {
  if (!isInside(fixture.root, path)) throw new Error(`answered a path outside: ${path}`);
}

describe('escape through the run directory', () => {
  for (const owner of owners) {
    it(`makes and answers the working directory only inside while the link flips (${owner ? 'as the server user' : 'in-process'})`, async () => {
      const { fixture, files } = await setUp(owner);
      await files.mkdir('real'); // the worker with the server's uid starts before the race, not in its budget
      await raceWhileSwapping(fixture, owner, async (round) => {
        await expectInside(fixture, await resolveWorkingDirectory(files, round % 2 ? 'real/run' : '${dir}/deep', { dir: 'real/made' }));
      });
      // Folders made for the program belong to the server's user, as before.
      const made = await resolveWorkingDirectory(files, 'owned/run', {});
      expect(made).toBe(join(fixture.root, 'owned/run'));
      if (owner !== undefined) expect((await stat(made)).uid).toBe(owner);
    });
  }

  it('refuses a working directory behind a planted link out, and makes nothing there', async () => {
    const { fixture, files } = await setUp();
    await symlink('../outside', join(fixture.root, 'out'));
    await expect(resolveWorkingDirectory(files, 'out/run', {})).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await expect(resolveWorkingDirectory(files, 'out', {})).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await fixture.assertOutsideUntouched();
  });
});

describe('escape through a docker binding', () => {
  for (const owner of owners) {
    it(`makes and mounts binding sources only inside while the link flips (${owner ? 'as the server user' : 'in-process'})`, async () => {
      const { fixture, files } = await setUp(owner);
      await files.mkdir('real');
      await raceWhileSwapping(fixture, owner, async (round) => {
        const host = round % 2 ? 'real/mount' : join(fixture.root, 'real/abs');
        const [mount] = await resolveBindings(files, { [host]: '/data' });
        await expectInside(fixture, mount!.Source);
      });
    });
  }

  it('refuses a binding behind a planted link out, relative or absolute, and makes nothing there', async () => {
    const { fixture, files } = await setUp();
    await symlink('../outside', join(fixture.root, 'out'));
    for (const host of ['out/data', join(fixture.root, 'out/data'), 'out']) {
      await expect(resolveBindings(files, { [host]: '/data' })).rejects.toMatchObject({
        code: 'ErrPathOutsideServer',
        message: `docker binding ${host} is outside the server folder`,
      });
    }
    await fixture.assertOutsideUntouched();
  });
});

describe('escape through a step path', () => {
  function contextFor(root: string, rootDir: string, serverFiles: ServerFiles): OperationContext {
    return {
      serverId: 'ab12cd34',
      root,
      files: serverFiles,
      variables: { serverId: 'ab12cd34', rootDir },
      log: () => {},
      exec: () => Promise.resolve(0),
      signal: new AbortController().signal,
    };
  }

  it('takes ${rootDir} from the server folder however it is named, and a planted link there still leads nowhere out', async () => {
    const { fixture } = await setUp();
    // The server folder reached through a link above it (a data folder under a linked /tmp, say).
    const via = `${fixture.base}-via`;
    await symlink(fixture.base, via);
    const named = join(via, 'server');
    const serverFiles = new ServerFiles(named);
    files = serverFiles;
    const ctx = contextFor(named, named, serverFiles);
    try {
      await runOperations([{ type: 'writefile', target: '${rootDir}/made/here.txt', text: 'step' }], ctx);
      expect(await readFile(join(fixture.root, 'made/here.txt'), 'utf8')).toBe('step');
      await symlink('../outside', join(fixture.root, 'out'));
      await expect(runOperations([{ type: 'writefile', target: '${rootDir}/out/data.txt', text: 'PWNED' }], ctx)).rejects.toMatchObject({
        code: 'ErrOperationFailed',
        metadata: { cause: 'ErrPathOutsideServer' },
      });
      expect(await readFile(join(fixture.outside, 'data.txt'), 'utf8')).toBe(OutsideText);
      await fixture.assertOutsideUntouched();
    } finally {
      await unlink(via);
    }
  });
});

describe('escape through the folder removed on delete', () => {
  for (const owner of owners) {
    it(`removes the server folder and nothing outside while a link flips in it (${owner ? 'owned by the server user' : 'the daemon\'s'})`, async () => {
      const { fixture } = await setUp(owner);
      const swapper = startSwapper(fixture.root, owner);
      const made = (work: () => Promise<unknown>) => work().catch(() => {});
      let removed = 0;
      try {
        // The swapper is at work once `real` has been a link.
        await vi.waitFor(async () => expect((await lstat(join(fixture.root, 'real'))).isSymbolicLink()).toBe(true), { timeout: 20_000, interval: 1 });
        // Each round a server folder of real folders and links out is removed while the swapper runs;
        // a removal the swapper trips up (a folder become a link under it) may fail, never reach out.
        for (let round = 0; round < 60; round++) {
          // Planted beside the swapped folder, never through it (that would plant outside).
          await made(() => mkdir(join(fixture.root, 'deep'), { recursive: true }));
          await made(() => writeFile(join(fixture.root, 'deep/file.txt'), 'inside'));
          await made(() => symlink('../../outside', join(fixture.root, 'deep/out')));
          await made(() => symlink('../outside', join(fixture.root, 'out')));
          if (await new ServerFiles(fixture.root).removeFolder().then(() => true, () => false)) removed++;
          // The server folder comes back empty; the swapper makes its folder and file again itself.
          await made(() => mkdir(fixture.root));
          if (owner !== undefined) await made(() => chown(fixture.root, owner, owner));
        }
      } finally {
        expect(await swapper.stop()).toBeGreaterThan(10);
      }
      expect(removed).toBeGreaterThan(0);
      await fixture.assertOutsideUntouched();
    });
  }

  it('removes a folder with planted links out without following them', async () => {
    const { fixture, files } = await setUp();
    await mkdir(join(fixture.root, 'deep/er'), { recursive: true });
    await symlink(fixture.outside, join(fixture.root, 'deep/er/out'));
    await symlink(join(fixture.outside, 'data.txt'), join(fixture.root, 'data-link'));
    await files.removeFolder();
    await expect(lstat(fixture.root)).rejects.toMatchObject({ code: 'ENOENT' });
    await fixture.assertOutsideUntouched();
  });
});
