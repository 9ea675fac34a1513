import type { ExtractLimits } from './ExtractionBudget.js';
import type { ServerJail } from './ServerJail.js';

/** Every operation a jail runner performs: the jail's primitives plus the archive work that must run beside them. */
export type JailOps = Pick<
  ServerJail,
  'stat' | 'list' | 'realPath' | 'open' | 'release' | 'createTemp' | 'commitTemp' | 'discardTemp' | 'openStaged' | 'commitStaged' | 'discardStaged' | 'mkdir' | 'remove' | 'rename' | 'readlink' | 'symlink' | 'setattr'
> & {
  archive(target: string, sources: string[]): Promise<void>;
  extract(archive: string, destination: string, limits?: Partial<ExtractLimits>): Promise<void>;
};

export type JailOp = keyof JailOps;

/** Runs jail operations: in the daemon's process, or in a child with the server's uid (JailProcess). */
export interface JailRunner {
  run<K extends JailOp>(op: K, ...args: Parameters<JailOps[K]>): Promise<Awaited<ReturnType<JailOps[K]>>>;
}

export const JailOpNames: readonly JailOp[] = [
  'stat',
  'list',
  'realPath',
  'open',
  'release',
  'createTemp',
  'commitTemp',
  'discardTemp',
  'openStaged',
  'commitStaged',
  'discardStaged',
  'mkdir',
  'remove',
  'rename',
  'readlink',
  'symlink',
  'setattr',
  'archive',
  'extract',
];
