// Helpers for the jail's escape tests (every entry: ServerFiles, SFTP, install steps, extraction).
import { spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutpostError } from '@outpost/shared/errors';
import { expect } from 'vitest';

export const InsideText = 'inside';
export const OutsideText = 'OUTSIDE SECRET';

export interface JailFixture {
  base: string;
  /** The server folder: `real/data.txt` and `plain.txt`, which the swapper turns into links out and back. */
  root: string;
  /** Beside the server folder: `data.txt` and `only-outside.txt`, which nothing may read or change. */
  outside: string;
  /** Throws unless the outside folder is exactly as made. */
  assertOutsideUntouched(): Promise<void>;
  cleanup(): Promise<void>;
}

/** A server folder and an outside folder beside it; with `owner`, the server folder is chowned to that uid (mode 0700). */
export async function makeJailFixture(owner?: number): Promise<JailFixture> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'outpost-jail-')));
  await chmod(base, 0o755); // the server's user must be able to reach its folder
  const root = join(base, 'server');
  const outside = join(base, 'outside');
  await mkdir(join(root, 'real'), { recursive: true });
  await writeFile(join(root, 'real/data.txt'), InsideText);
  await writeFile(join(root, 'plain.txt'), InsideText);
  await mkdir(outside);
  await writeFile(join(outside, 'data.txt'), OutsideText, { mode: 0o644 });
  await writeFile(join(outside, 'only-outside.txt'), OutsideText, { mode: 0o644 });
  if (owner !== undefined) {
    for (const path of [root, join(root, 'real'), join(root, 'real/data.txt'), join(root, 'plain.txt')]) {
      await chown(path, owner, owner);
    }
    await chmod(root, 0o700);
  }
  const before = await snapshot(outside);
  return {
    base,
    root,
    outside,
    async assertOutsideUntouched() {
      const now = await snapshot(outside);
      if (now !== before) throw new Error(`the outside folder changed:\n${before}\n---\n${now}`);
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

async function snapshot(folder: string): Promise<string> {
  const names = (await readdir(folder)).sort();
  const rows = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(folder, name));
      return `${name} ${info.mode.toString(8)} ${info.mtimeMs} ${await readFile(join(folder, name), 'utf8').catch(() => '<folder>')}`;
    }),
  );
  return rows.join('\n');
}

// What the outside test did: a folder of the server (`real`) becomes, for an instant, a link to
// the outside folder and then the folder again; a file (`plain.txt`) becomes a link to an outside
// file and then a file again. A jail that checks a path and then uses it by name loses this race.
const swapperScript = `
const fs = require('node:fs');
const root = process.argv[1];
const at = (name) => root + '/' + name;
const quiet = (work) => { try { work(); return true; } catch { return false; } };
let flips = 0;
process.on('SIGTERM', () => { process.stdout.write(String(flips)); process.exit(0); });
// Each state holds for a moment (a spin of a few tens of microseconds), about as long as a jail's check takes.
const hold = () => { const end = process.hrtime.bigint() + 30000n; while (process.hrtime.bigint() < end); };
function flip() {
  const real = fs.lstatSync(at('real'), { throwIfNoEntry: false });
  if (real && real.isDirectory()) quiet(() => fs.renameSync(at('real'), at('.held')));
  quiet(() => fs.rmSync(at('.l'), { force: true }));
  if (quiet(() => fs.symlinkSync('../outside', at('.l'))) && quiet(() => fs.renameSync(at('.l'), at('real')))) flips++;
  quiet(() => { fs.symlinkSync('../outside/data.txt', at('.s')); fs.renameSync(at('.s'), at('plain.txt')); flips++; });
  hold();
  // Back: the link goes, the folder returns (a folder the jail made meanwhile is cleared away first).
  quiet(() => fs.renameSync(at('real'), at('.gone')));
  quiet(() => fs.rmSync(at('.gone'), { recursive: true, force: true }));
  if (!quiet(() => fs.renameSync(at('.held'), at('real'))) && !fs.existsSync(at('.held')) && !fs.existsSync(at('real'))) {
    quiet(() => { fs.mkdirSync(at('real')); fs.writeFileSync(at('real/data.txt'), 'inside'); });
  }
  quiet(() => { fs.writeFileSync(at('.f'), 'inside'); fs.renameSync(at('.f'), at('plain.txt')); });
  hold();
}
// Batches with a turn of the event loop between them, so SIGTERM is heard.
(function batch() {
  for (let i = 0; i < 50; i++) flip();
  setImmediate(batch);
})();
`;

export interface Swapper {
  /** Stops the racer; answers how many times it flipped a link. */
  stop(): Promise<number>;
}

/** Starts a separate process that keeps swapping the fixture's links in and out of the folder. */
export function startSwapper(root: string, owner?: number): Swapper {
  const child = spawn(process.execPath, ['-e', swapperScript, root], { stdio: ['ignore', 'pipe', 'inherit'], ...(owner !== undefined ? { uid: owner, gid: owner } : {}) });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return Number(output) || 0;
    },
  };
}

/** Tally of a racing loop: what went through (always inside) and what was refused. */
export interface RaceTally {
  done: number;
  refused: number;
}

/**
 * Runs `attempt` (given the round's number) many times (at most `rounds`, or until `budgetMs` has passed) while the links
 * flip. An attempt may succeed or be refused with a 4xx OutpostError (ErrPathOutsideServer,
 * ErrNotFound...); anything else fails the test.
 */
export async function race(attempt: (round: number) => Promise<void>, rounds = 3000, budgetMs = 6000): Promise<RaceTally> {
  const tally: RaceTally = { done: 0, refused: 0 };
  // The time starts after the first attempt, which also starts the server user's file worker
  // (seconds on a busy machine): the budget is for racing, not for starting up.
  let until: number | undefined;
  for (let round = 0; round < rounds && (until === undefined || Date.now() < until); round++) {
    try {
      await attempt(round);
      tally.done++;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      tally.refused++;
    } finally {
      until ??= Date.now() + budgetMs;
    }
  }
  return tally;
}

function isRefusal(error: unknown): boolean {
  if (error instanceof OutpostError) return error.status < 500;
  // SFTP clients get status codes (2 no such file, 3 permission denied, 4 failure).
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 2 && code <= 4;
}

/**
 * Races `attempt` against a swapper flipping the fixture's links, then shows the race was live
 * (links flipped; some rounds went through inside, others met a link pointing out) and did no
 * harm outside.
 */
export async function raceWhileSwapping(fixture: JailFixture, owner: number | undefined, attempt: (round: number) => Promise<void>, rounds?: number): Promise<void> {
  const swapper = startSwapper(fixture.root, owner);
  let tally: RaceTally;
  let flips: number;
  try {
    tally = await race(attempt, rounds);
  } finally {
    flips = await swapper.stop();
  }
  expect(flips).toBeGreaterThan(10);
  expect(tally.done).toBeGreaterThan(0);
  expect(tally.refused).toBeGreaterThan(0);
  await fixture.assertOutsideUntouched();
}
