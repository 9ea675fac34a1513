// Every shipped template, every variable a user may edit, hostile values: through a real daemon
// (the daemon's own check when values are saved, install steps, pre hooks and the run command,
// spawned in the standard environment), with the programs the templates call (java, node, git,
// npm, curl, ...) replaced on PATH by a recorder of their arguments. No value may run as code,
// and each accepted value must reach the program as data, exactly as it was typed.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Daemon } from '@outpost/daemon';
import { OutpostError, splitCommandTemplate, type ServerDefinition, type Step } from '@outpost/shared';

const folder = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith('.json') && name !== 'index.json').sort();

/** Programs the templates run, replaced by the recorder (sh, rm, cp and the like stay real). */
const PROGRAMS = ['java', 'node', 'python3', 'git', 'npm', 'curl', 'steamcmd', 'unzip'];
/** Steps that need the network: not run here. */
const NETWORK_STEPS = new Set<Step['type']>(['download', 'mojangdl', 'forgedl', 'spongeforgedl', 'fabricdl', 'javadl', 'steamgamedl']);
/** Ends one recorded call; values cannot hold control characters, so it cannot occur in one. */
const END = '\u001e';

let base: string;
let daemon: Daemon;
let marker: string;
let recorder: string;

function hostileValues(): string[] {
  return [
    `$(touch ${marker})`,
    `\`touch ${marker}\``,
    `"; touch ${marker}; "`,
    `' ; touch ${marker} ; '`,
    `x" -e "require('fs').writeFileSync('${marker}', '')`,
    `-e require('fs').writeFileSync('${marker}', '')`,
    `--foo`,
    `x\ntouch ${marker}`,
    `../../etc`,
    `a b\\ c $HOME \${HOME} * ; | & > ${marker}`,
    'y'.repeat(10_240),
  ];
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'outpost-hostile-'));
  // Programs run as the server's own user when the tests run as root: the folders must be
  // reachable, and the recorder and the marker's folder writable by that user, or an injected
  // `touch` would fail for lack of rights and the test would prove nothing.
  chmodSync(base, 0o1777);
  marker = join(base, 'pwned');
  const bin = join(base, 'bin');
  recorder = join(base, 'calls');
  writeFileSync(recorder, '');
  chmodSync(recorder, 0o666);
  // Records "name\0arg1\0arg2\0...<END>", then succeeds.
  const script = `#!/bin/sh\n{ printf '%s\\0' "\${0##*/}" "$@"; printf '${END}'; } >> '${recorder}'\nexit 0\n`;
  mkdirSync(bin);
  for (const program of PROGRAMS) {
    writeFileSync(join(bin, program), script);
    chmodSync(join(bin, program), 0o755);
  }
  vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`);
  daemon = await Daemon.open({ nodeId: 'n', secret: 's', serversDir: join(base, 'servers'), stopGraceMs: 2000, autostart: false });
});

afterAll(async () => {
  try {
    await daemon?.close();
  } finally {
    vi.unstubAllEnvs();
    rmSync(base, { recursive: true, force: true });
  }
});

/** The recorded calls since `from` (a length of the recorder file), each as argv. */
function callsSince(from: number): string[][] {
  const text = readFileSync(recorder, 'utf8').slice(from);
  return text
    .split(END)
    .filter((call) => call !== '')
    .map((call) => call.split('\0').slice(0, -1));
}

function load(file: string): ServerDefinition {
  const def = JSON.parse(readFileSync(join(folder, file), 'utf8')) as ServerDefinition;
  // What is under test is how values travel, not which nodes the template suits.
  delete def.requirements;
  return { ...def, run: { ...def.run, autostart: false, autorestart: false, autorecover: false }, environment: { type: 'standard' } };
}

/** True when the template writes ${name} as an unquoted word of its own in the run command: a list of words. */
function isListInRunCommand(def: ServerDefinition, name: string): boolean {
  return splitCommandTemplate(def.run.command).some((word) => word.length === 1 && 'ref' in word[0] && word[0].ref === name && !word[0].quoted);
}

/** The value as it must arrive: one piece of an argument, or (a list) its words one after the other. */
function arrived(calls: string[][], value: string, list: boolean): boolean {
  const expected = list ? value.split(/\s+/).filter((word) => word !== '').join('\0') : value;
  return calls.some((argv) => argv.join('\0').includes(expected));
}

const consoleOf = (id: string) => daemon.servers.get(id).console.replay().logs.join('');

/** Runs one step on its own, as an install would; its failure is fine, its being any other error is not. */
async function runStep(id: string, def: ServerDefinition, step: Step): Promise<void> {
  await daemon.servers.putDefinition(id, { ...def, install: [step] });
  await daemon.servers
    .get(id)
    .install()
    .catch((error: unknown) => {
      expect(error).toBeInstanceOf(OutpostError);
      expect((error as OutpostError).code).toBe('ErrOperationFailed');
    });
}

describe.each(files)('%s with hostile values', (file) => {
  const template = load(file);
  const id = `0000${(files.indexOf(file) + 0x100).toString(16).padStart(4, '0')}`;
  const editable = Object.entries(template.data ?? {}).filter(([, variable]) => variable.userEdit !== false);
  // Other text variables get a plain value, so that steps which skip empty ones (a git clone
  // when a repository is set, a --branch when a branch is) run with the hostile one.
  const plain = Object.fromEntries(
    Object.entries(template.data ?? {})
      .filter(([, variable]) => (variable.type ?? 'string') === 'string' && variable.value === '')
      .map(([name]) => [name, { ...template.data![name], value: 'plain' }]),
  );

  it.each(editable.map(([name]) => [name]))('%s reaches every program as data, or is refused', async (name) => {
    const variable = template.data![name];
    const server = daemon.servers.has(id) ? daemon.servers.get(id) : await daemon.servers.create(id, { ...template, data: { ...template.data, ...plain } });
    const root = server.root;
    // A program the template runs from its own folder (./bedrock_server, ./game/cs2.sh) is the recorder too.
    const own = typeof template.run.command === 'string' ? /^\.\/([^\s$"']+)/.exec(template.run.command)?.[1] : undefined;
    if (own) {
      mkdirSync(dirname(join(root, own)), { recursive: true });
      writeFileSync(join(root, own), readFileSync(join(base, 'bin', 'java'), 'utf8'));
      chmodSync(join(root, own), 0o755);
    }
    const usedInCommands = JSON.stringify([template.run.command, ...[...(template.install ?? []), ...(template.run.pre ?? []), ...(template.run.post ?? [])].filter((step) => step.type === 'command')]).includes(`\${${name}}`);
    const writtenFiles = [...(template.install ?? []), ...(template.run.pre ?? [])].filter(
      (step): step is Extract<Step, { type: 'writefile' }> => step.type === 'writefile' && step.text.includes(`\${${name}}`),
    );

    for (const value of hostileValues()) {
      await daemon.servers.putDefinition(id, { ...template, data: { ...template.data, ...plain } });
      const saved = await daemon.servers.putData(id, { [name]: value }, false).then(
        () => true,
        (error: unknown) => {
          // Refused when saved: only ever as a bad value (400), never as a crash.
          expect(error, value).toBeInstanceOf(OutpostError);
          expect((error as OutpostError).code, value).toBe('ErrInvalidVariable');
          expect((error as OutpostError).status).toBe(400);
          return false;
        },
      );
      if ((variable.type ?? 'string') !== 'string' || value.includes('\n')) expect(saved, `${name} = ${value}`).toBe(false);
      if (!saved) continue;

      const def = daemon.servers.get(id).definition;
      const from = readFileSync(recorder, 'utf8').length;
      const consoleFrom = consoleOf(id).length;
      for (const step of [...(def.install ?? []), ...(def.run.pre ?? []), ...(def.run.post ?? [])]) {
        if (!NETWORK_STEPS.has(step.type)) await runStep(id, def, step);
      }
      // The run command, without the pre hooks that just ran on their own (one may fail without a download).
      await daemon.servers.putDefinition(id, { ...def, install: [], run: { ...def.run, pre: [], post: [] } });
      const runsBefore = (consoleOf(id).match(/Server exited/g) ?? []).length;
      await daemon.servers.get(id).start();
      await vi.waitFor(() => expect((consoleOf(id).match(/Server exited/g) ?? []).length).toBe(runsBefore + 1), { timeout: 10_000, interval: 20 });

      expect(existsSync(marker), `${name} = ${value}`).toBe(false);
      expect(existsSync(join(root, 'pwned')), `${name} = ${value}`).toBe(false);
      const calls = callsSince(from);
      const output = consoleOf(id).slice(consoleFrom).split('\n').filter((line) => !line.startsWith('[DAEMON]')).join('\n');
      if (usedInCommands) {
        const list = isListInRunCommand(template, name);
        expect(arrived(calls, value, list) || output.includes(value), `${name} = ${value.slice(0, 60)} in ${JSON.stringify(calls).slice(0, 600)}`).toBe(true);
      }
      for (const step of writtenFiles) {
        expect(readFileSync(join(root, step.target), 'utf8'), `${name} in ${step.target}`).toContain(`${value}\n`);
      }
    }
    // Each value runs every local step and a start: a variable used in many steps takes a while on a busy machine.
  }, 120_000);
});
