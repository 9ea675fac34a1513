import type { ProcessStats, RunningProcess } from '../environments/environment.js';
import { SharedSample } from '../system/SharedSample.js';

/** How often a running program's stats are really taken; the web app asks every 3 s. */
export const STATS_INTERVAL_MS = 1000;

// One sample per program run: a restart starts afresh, and a finished run's sample goes with it.
const samples = new WeakMap<RunningProcess, SharedSample<ProcessStats>>();

/**
 * A program's CPU and memory, sampled once per interval and shared by every asker (sockets,
 * HTTP, tasks), so a flood of `stat` messages costs one /proc scan per second, not one each.
 */
export function sharedStats(process: RunningProcess): Promise<ProcessStats> {
  let sample = samples.get(process);
  if (!sample) {
    sample = new SharedSample(() => process.stats(), STATS_INTERVAL_MS);
    samples.set(process, sample);
  }
  return sample.get();
}
