import { mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Step } from '@outpost/shared';
import { runOperations } from './runOperations.js';
import { failureOf, makeContext, type TestContext } from './testKit.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await makeContext({ port: 25565, eula: true, name: 'world' });
});
afterEach(() => ctx.cleanup());

const failure = (steps: Step[]) => failureOf(steps, ctx);

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('writefile', () => {
  it('writes the text with variables substituted, creating folders', async () => {
    await runOperations([{ type: 'writefile', target: 'config/${name}.properties', text: 'port=${port}\neula=${eula}\n' }], ctx);
    expect(await readFile(join(ctx.root, 'config/world.properties'), 'utf8')).toBe('port=25565\neula=true\n');
    expect(ctx.lines).toContain('Writing config/world.properties');
  });

  it('replaces an existing file and leaves no temporary file', async () => {
    await writeFile(join(ctx.root, 'eula.txt'), 'eula=false');
    await runOperations([{ type: 'writefile', target: 'eula.txt', text: 'eula=true' }], ctx);
    expect(await readFile(join(ctx.root, 'eula.txt'), 'utf8')).toBe('eula=true');
    expect(await readdir(ctx.root)).toEqual(['eula.txt']);
  });

  it('takes ${rootDir} paths as the server folder itself', async () => {
    await runOperations([{ type: 'writefile', target: '${rootDir}/a.txt', text: 'x' }], ctx);
    expect(await readFile(join(ctx.root, 'a.txt'), 'utf8')).toBe('x');
  });
});

describe('mkdir', () => {
  it('creates nested folders and accepts existing ones', async () => {
    await runOperations([{ type: 'mkdir', target: 'a/b/c' }, { type: 'mkdir', target: 'a/b' }], ctx);
    expect((await stat(join(ctx.root, 'a/b/c'))).isDirectory()).toBe(true);
  });
});

describe('move', () => {
  it('renames a file, creating the target folder', async () => {
    await writeFile(join(ctx.root, 'a.jar'), 'jar');
    await runOperations([{ type: 'move', source: 'a.jar', target: 'bin/server.jar' }], ctx);
    expect(await readFile(join(ctx.root, 'bin/server.jar'), 'utf8')).toBe('jar');
    expect(await exists(join(ctx.root, 'a.jar'))).toBe(false);
  });

  it('moves into an existing folder like mv', async () => {
    await mkdir(join(ctx.root, 'libs'));
    await writeFile(join(ctx.root, 'x.so'), '');
    await runOperations([{ type: 'move', source: 'x.so', target: 'libs' }], ctx);
    expect(await exists(join(ctx.root, 'libs/x.so'))).toBe(true);
  });

  it('fails when the source does not exist', async () => {
    const error = await failure([{ type: 'move', source: 'nope', target: 'x' }]);
    expect(error.message).toBe('step 1 (move) failed: nope does not exist');
  });
});

describe('alterfile', () => {
  beforeEach(() => writeFile(join(ctx.root, 'server.properties'), 'motd=hi\nserver-port=1\nquery.port=1\n'));

  it('replaces regex matches line by line, with groups and variables', async () => {
    await runOperations([{ type: 'alterfile', file: 'server.properties', search: '^(server-port)=.*$', replace: '$1=${port}' }], ctx);
    expect(await readFile(join(ctx.root, 'server.properties'), 'utf8')).toBe('motd=hi\nserver-port=25565\nquery.port=1\n');
  });

  it('replaces plain text literally when regex is off', async () => {
    await runOperations([{ type: 'alterfile', file: 'server.properties', regex: false, search: 'query.port=1', replace: 'query.port=$1' }], ctx);
    expect(await readFile(join(ctx.root, 'server.properties'), 'utf8')).toBe('motd=hi\nserver-port=1\nquery.port=$1\n');
  });

  it('inserts values as plain text into the regular expression and its replacement', async () => {
    await writeFile(join(ctx.root, 'server.properties'), 'queryXport=1\nquery.port=1\n');
    ctx.variables.key = 'query.port';
    ctx.variables.value = "$' $& $1";
    await runOperations([{ type: 'alterfile', file: 'server.properties', search: '^(${key})=.*$', replace: '$1=${value}' }], ctx);
    expect(await readFile(join(ctx.root, 'server.properties'), 'utf8')).toBe("queryXport=1\nquery.port=$' $& $1\n");
  });

  it('fails on a missing file and on a broken regular expression', async () => {
    expect((await failure([{ type: 'alterfile', file: 'none.cfg', search: 'a', replace: 'b' }])).message).toBe(
      'step 1 (alterfile) failed: none.cfg is not a file',
    );
    expect((await failure([{ type: 'alterfile', file: 'server.properties', search: '(', replace: 'b' }])).message).toMatch(
      /^step 1 \(alterfile\) failed: invalid regular expression "\("/,
    );
  });
});

describe('command', () => {
  it('runs each command in the server folder with variables substituted, and logs it', async () => {
    await runOperations([{ type: 'command', commands: ['touch ${serverId}.txt', 'mkdir port-${port}'] }], ctx);
    expect((await readdir(ctx.root)).sort()).toEqual(['ab12cd34.txt', 'port-25565']);
    expect(ctx.lines).toContain('Running: touch ab12cd34.txt');
  });

  it('spawns programs without a shell: shell syntax needs an explicit sh -c', async () => {
    await runOperations([{ type: 'command', commands: ['echo ${serverId} > id.txt', "sh -c 'echo ${serverId} > id.txt; echo ${port} >> id.txt'"] }], ctx);
    expect(await readFile(join(ctx.root, 'id.txt'), 'utf8')).toBe('ab12cd34\n25565\n');
    expect(ctx.lines).toContain("Running: echo ab12cd34 '>' id.txt");
  });

  it('accepts a single command text', async () => {
    await runOperations([{ type: 'command', commands: 'touch one' } as never], ctx);
    expect(await exists(join(ctx.root, 'one'))).toBe(true);
  });

  it('fails on a non-zero exit and runs nothing after it', async () => {
    const error = await failure([
      { type: 'mkdir', target: 'a' },
      { type: 'command', commands: ['true', "sh -c 'exit 3'", 'touch not-reached'] },
      { type: 'mkdir', target: 'b' },
    ]);
    expect(error.code).toBe('ErrOperationFailed');
    expect(error.message).toBe(`step 2 (command) failed: command "sh -c 'exit 3'" exited with code 3`);
    expect(error.metadata).toEqual({ step: 2, type: 'command' });
    expect(await exists(join(ctx.root, 'not-reached'))).toBe(false);
    expect(await exists(join(ctx.root, 'b'))).toBe(false);
  });

  it('is cancelled when the signal aborts, without waiting for the command to end', async () => {
    let commandEnded = false;
    const exec = ctx.exec;
    ctx.exec = (argv, opts) => exec(argv, opts).finally(() => (commandEnded = true));
    const run = failure([{ type: 'command', commands: ['sleep 300'] }, { type: 'mkdir', target: 'after' }]);
    await vi.waitFor(() => expect(ctx.lines).toContain('Running: sleep 300'));
    ctx.controller.abort();
    const error = await run;
    expect(error.message).toBe('step 1 (command) failed: cancelled');
    // The run answered first; the command's end (the kill) comes after.
    expect(commandEnded).toBe(false);
    await vi.waitFor(() => expect(commandEnded).toBe(true));
    expect(await exists(join(ctx.root, 'after'))).toBe(false);
  });
});

describe('a run', () => {
  it('refuses a step type it does not know, saying which', async () => {
    const error = await failure([{ type: 'teleport' } as never]);
    expect(error.message).toBe('step 1 (teleport) failed: teleport is not a step type');
  });

  it('does not start when already aborted', async () => {
    ctx.controller.abort();
    expect((await failure([{ type: 'mkdir', target: 'x' }])).message).toBe('step 1 (mkdir) failed: cancelled');
    expect(await exists(join(ctx.root, 'x'))).toBe(false);
  });
});

describe('escapes from the server folder', () => {
  const pathSteps = (path: string): Step[] => [
    { type: 'writefile', target: path, text: 'pwned' },
    { type: 'mkdir', target: path + '-dir' },
    { type: 'alterfile', file: path, search: 'a', replace: 'b' },
    { type: 'move', source: path, target: 'inside' },
    { type: 'move', source: 'inside.txt', target: path },
  ];

  beforeEach(async () => {
    await writeFile(join(ctx.root, 'inside.txt'), 'mine');
    await writeFile(join(ctx.outside, 'secret.txt'), 'a secret');
    await symlink(ctx.outside, join(ctx.root, 'link'));
  });

  for (const [label, path] of [
    ['a .. path', '../outside/secret.txt'],
    ['a path through a symlink pointing out', 'link/secret.txt'],
    ['a .. path hidden in a variable', '${up}/outside/secret.txt'],
  ] as const) {
    it(`every path-taking step refuses ${label}`, async () => {
      ctx.variables.up = '..';
      for (const step of pathSteps(path)) {
        const error = await failure([step]);
        expect(error.message).toMatch(/failed: path is outside the server folder/);
        expect(error.metadata?.cause).toBe('ErrPathOutsideServer');
      }
      expect(await readFile(join(ctx.outside, 'secret.txt'), 'utf8')).toBe('a secret');
      expect(await readdir(ctx.outside)).toEqual(['secret.txt']);
      expect(await readFile(join(ctx.root, 'inside.txt'), 'utf8')).toBe('mine');
    });
  }

  it('keeps absolute paths inside the server folder', async () => {
    const target = join(ctx.outside, 'abs.txt');
    await runOperations([{ type: 'writefile', target, text: 'x' }, { type: 'mkdir', target: target + '-dir' }], ctx);
    expect(await readdir(ctx.outside)).toEqual(['secret.txt']);
    expect(await readFile(join(ctx.root, target), 'utf8')).toBe('x');
  });

  it('refuses writing through a symlinked file that points out', async () => {
    await symlink(join(ctx.outside, 'secret.txt'), join(ctx.root, 'config.txt'));
    const error = await failure([{ type: 'writefile', target: 'config.txt', text: 'pwned' }]);
    expect(error.metadata?.cause).toBe('ErrPathOutsideServer');
    expect(await readFile(join(ctx.outside, 'secret.txt'), 'utf8')).toBe('a secret');
  });
});
