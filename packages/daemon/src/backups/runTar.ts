import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { RunAs } from '../servers/serverUsers.js';

/** GNU tar's records per checkpoint: one dot on stderr per 5 MiB (512 records of 10 KiB) read or written. */
export const CHECKPOINT_RECORDS = 512;
export const CHECKPOINT_BYTES = CHECKPOINT_RECORDS * 10_240;

/** A tar child, its exit, and the checkpoints it has passed. */
export interface TarRun {
  child: ChildProcessByStdio<Writable, Readable, Readable>;
  /** Resolves with tar's exit code; 1 ("some files changed while read") is not a failure of a copy. */
  exited: Promise<number>;
  /** What tar said on stderr, dots left out: the reason when it fails. */
  said(): string;
}

/**
 * Runs GNU tar as the server's own user (`runAs`; the daemon's user when absent), so everything it
 * reads or writes meets the operating system's permissions of that user, and it never follows a
 * link (tar stores links as links). The environment is empty but for PATH: tar needs nothing else.
 */
export function runTar(args: string[], cwd: string, runAs: RunAs | undefined, onCheckpoint: () => void = () => {}): TarRun {
  const child = spawn('tar', [`--checkpoint=${CHECKPOINT_RECORDS}`, '--checkpoint-action=dot', ...args], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', LC_ALL: 'C' },
    uid: runAs?.uid,
    gid: runAs?.gid,
  });
  let said = '';
  child.stderr.setEncoding('latin1');
  child.stderr.on('data', (text: string) => {
    for (const char of text) if (char === '.') onCheckpoint();
    const words = text.replace(/\./g, '');
    if (said.length < 4096) said += words;
  });
  // A child that went away early closes its stdin under us: the exit code tells the story.
  child.stdin.on('error', () => {});
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 : 2)));
  });
  return { child, exited, said: () => said.trim().split('\n').filter(Boolean).slice(-3).join('; ') };
}
