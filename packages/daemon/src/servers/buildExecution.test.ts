import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerDefinition } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { openTestDaemon } from './testServer.js';

let open: Awaited<ReturnType<typeof openTestDaemon>> | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

async function setup(): Promise<Daemon> {
  open = await openTestDaemon();
  return open.daemon;
}

const node = JSON.stringify(process.execPath);
const consoleText = (daemon: Daemon, id: string) => daemon.servers.get(id).console.replay().logs.join('');

/** Values that would run `touch pwned` (in the server folder) if anything parsed them as code or syntax. */
const HOSTILE = [
  '$(touch pwned)',
  '`touch pwned`',
  '"; touch pwned; "',
  "' ; touch pwned ; '",
  'app.js" -e "require(\'fs\').writeFileSync(\'pwned\', \'\')',
  "x' -e 'require(\"fs\").writeFileSync(\"pwned\", \"\")",
  'a b\\ c $HOME ${HOME} * ; | & > pwned',
];

/** A server whose program is written in its folder; `main` is a user-editable text variable. */
function definition(run: Partial<ServerDefinition['run']>, extra: Partial<ServerDefinition> = {}): ServerDefinition {
  return {
    run: { command: 'true', stopCode: 15, ...run },
    data: { main: { type: 'string', display: 'Main file', value: 'app.js', userEdit: true } },
    ...extra,
  };
}

async function runToExit(daemon: Daemon, id: string): Promise<void> {
  const server = daemon.servers.get(id);
  const before = (consoleText(daemon, id).match(/Server exited/g) ?? []).length;
  await server.start();
  await vi.waitFor(() => expect((consoleText(daemon, id).match(/Server exited/g) ?? []).length).toBe(before + 1), { timeout: 10_000, interval: 20 });
}

describe('the run command (finding 3: a quote in a variable closed the command quoting)', () => {
  it('runs `node "${main}"` with a hostile main as one file name, never as -e code', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000a001', definition({ command: `${node} "\${main}"` }));
    await writeFile(join(server.root, 'app.js'), "console.log('app ran')");
    await runToExit(daemon, '0000a001');
    expect(consoleText(daemon, '0000a001')).toContain('app ran');

    // The finding's value: `node "${main}"` became `node -e <code>`. It is refused when saved.
    await expect(daemon.servers.putData('0000a001', { main: `-e" "require('fs').writeFileSync('pwned', '')` }, false)).rejects.toMatchObject({
      code: 'ErrInvalidVariable',
    });
    for (const value of HOSTILE) {
      await daemon.servers.putData('0000a001', { main: value }, false);
      await runToExit(daemon, '0000a001');
      expect(existsSync(join(server.root, 'pwned')), value).toBe(false);
      // node was asked for a module of exactly that name: app.js did not run again, with or without extra arguments
      expect(consoleText(daemon, '0000a001').match(/app ran/g), value).toHaveLength(1);
      expect(consoleText(daemon, '0000a001')).toContain('Cannot find module');
    }
  });

  it('hands each value to the program as exactly one argument, verbatim', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000a002', definition({ command: `${node} argv.js "\${main}" -x\${main}y` }));
    await writeFile(join(server.root, 'argv.js'), "require('fs').appendFileSync('argv.jsonl', JSON.stringify(process.argv.slice(2)) + '\\n')");
    for (const value of [...HOSTILE, 'x'.repeat(10_240)]) {
      await daemon.servers.putData('0000a002', { main: value }, false);
      await runToExit(daemon, '0000a002');
    }
    const runs = (await readFile(join(server.root, 'argv.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(runs).toEqual([...HOSTILE, 'x'.repeat(10_240)].map((value) => [value, `-x${value}y`]));
    expect(existsSync(join(server.root, 'pwned'))).toBe(false);
  });

  it('refuses a value that would begin an argument with "-" when it is saved, and again at start', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000a003', definition({ command: `${node} "\${main}"` }));
    for (const value of ['--eval=require("fs").writeFileSync("pwned", "")', '-e', '-']) {
      await expect(daemon.servers.putData('0000a003', { main: value }, false)).rejects.toMatchObject({
        code: 'ErrInvalidVariable',
        status: 400,
        metadata: { name: 'Main file', field: 'main', expected: 'a value that does not start with "-"' },
      });
    }
    expect(daemon.servers.getData('0000a003').main.value).toBe('app.js');

    // A definition edited by hand on the node is checked before anything runs.
    const file = join(open!.dir, '0000a003.json');
    const def = JSON.parse(await readFile(file, 'utf8'));
    def.data.main.value = '--eval=require("fs").writeFileSync("pwned", "")';
    await writeFile(file, JSON.stringify(def));
    await daemon.servers.reload('0000a003');
    await expect(server.start()).rejects.toMatchObject({ code: 'ErrInvalidVariable' });
    expect(server.running).toBe(false);
    expect(existsSync(join(server.root, 'pwned'))).toBe(false);
  });

  it('refuses line breaks and control characters in text, and values of the wrong type', async () => {
    const daemon = await setup();
    await daemon.servers.create(
      '0000a004',
      definition({}, { data: { main: { type: 'string', value: 'a' }, port: { type: 'integer', value: 1 }, on: { type: 'boolean', value: false } } }),
    );
    for (const values of [{ main: 'a\ntouch pwned' }, { main: 'a\r' }, { main: 'a\0' }, { main: 'x'.repeat(40_000) }, { port: '1; touch pwned' }, { on: '$(x)' }]) {
      await expect(daemon.servers.putData('0000a004', values, true), JSON.stringify(values).slice(0, 40)).rejects.toMatchObject({ code: 'ErrInvalidVariable', status: 400 });
    }
  });
});

describe('command steps (finding 2: a variable pasted into sh -c ran as shell code)', () => {
  const script = `sh -c 'if [ -n "\${main}" ]; then printf "%s|%s|" "\${main}" \${main} > got.txt; printf "%s\\n" '"'"'\${main}'"'"' >> got.txt; fi'`;

  it('passes values into an sh -c script as data: quoted, unquoted and single-quoted references alike', async () => {
    const daemon = await setup();
    const server = await daemon.servers.create('0000a005', definition({}, { install: [{ type: 'command', commands: [script] }] }));
    for (const value of HOSTILE) {
      await daemon.servers.putData('0000a005', { main: value }, false);
      await server.install();
      expect(existsSync(join(server.root, 'pwned')), value).toBe(false);
      expect(await readFile(join(server.root, 'got.txt'), 'utf8')).toBe(`${value}|${value}|${value}\n`);
    }
    // The console says a script ran (a long one is not shown: operations/commandLine.ts), never the values.
    const shown = consoleText(daemon, '0000a005');
    expect(shown).toContain('Running a shell script');
    for (const value of HOSTILE) expect(shown, value).not.toContain(value);
  });

  it('refuses a value that begins a word of the script with "-", such as git clone "${repository}"', async () => {
    const daemon = await setup();
    await daemon.servers.create(
      '0000a006',
      definition({}, { install: [{ type: 'command', commands: [`sh -c 'git clone --depth 1 "\${main}" dir'`] }] }),
    );
    await expect(daemon.servers.putData('0000a006', { main: '--upload-pack=touch pwned' }, false)).rejects.toMatchObject({ code: 'ErrInvalidVariable' });
  });
});

describe("a program's environment (issue 26, finding 11a: programs inherited the panel's whole environment)", () => {
  const printEnv = (file: string) => `${node} env.js ${file}`;
  const secrets = { AWS_SECRET_ACCESS_KEY: 'leaked-aws-key', DATABASE_URL: 'postgres://panel:leaked@127.0.0.1/outpost', OUTPOST_DB_URL: 'leaked-db-url' };

  it('gets PATH, HOME, the language and its template variables, never the operator credentials of the daemon', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, secrets, { LC_TIME: 'C.UTF-8' });
    try {
      const daemon = await setup();
      const server = await daemon.servers.create(
        '0000a007',
        definition({ command: printEnv('run.json'), environmentVars: { GAME_MODE: 'survival' } }, { install: [{ type: 'command', commands: [printEnv('step.json')] }] }),
      );
      await writeFile(join(server.root, 'env.js'), "require('fs').writeFileSync(process.argv[2], JSON.stringify(process.env))");
      await server.install();
      await runToExit(daemon, '0000a007');
      for (const file of ['run.json', 'step.json']) {
        const env = JSON.parse(await readFile(join(server.root, file), 'utf8')) as Record<string, string>;
        for (const name of Object.keys(secrets)) expect(env, `${file}: ${name}`).not.toHaveProperty(name);
        expect(JSON.stringify(env), file).not.toContain('leaked');
        expect(env.PATH, file).toBe(process.env.PATH);
        expect(env.LC_TIME, file).toBe('C.UTF-8');
        expect(env.HOME, file).toBeTruthy();
      }
      expect(JSON.parse(await readFile(join(server.root, 'run.json'), 'utf8'))).toMatchObject({ GAME_MODE: 'survival' });
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
