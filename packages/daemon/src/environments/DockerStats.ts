import type { ProcessStats } from './environment.js';

/** The parts of the engine's stats answer we read. */
export interface EngineStats {
  read?: string;
  preread?: string;
  cpu_stats?: { cpu_usage?: { total_usage?: number } };
  precpu_stats?: { cpu_usage?: { total_usage?: number } };
  memory_stats?: { usage?: number; stats?: Record<string, number | undefined> };
}

/** CPU time used (ns) by a given moment (ms since epoch). */
export interface CpuSample {
  cpuNs: number;
  at: number;
}

/**
 * Turns one stats answer into the spec's figures. CPU is percent of one core over the interval
 * since the previous sample: Docker fills precpu_stats itself, Podman's one-shot answer leaves
 * it empty, so the caller keeps the last sample (at first, the start: zero CPU time when it started).
 * Memory leaves out reclaimable page cache, as `docker stats` does.
 */
export function readEngineStats(stats: EngineStats, previous: CpuSample): { figures: ProcessStats; sample: CpuSample } {
  const sample = { cpuNs: stats.cpu_stats?.cpu_usage?.total_usage ?? 0, at: parseTime(stats.read) ?? Date.now() };
  const engineCpu = stats.precpu_stats?.cpu_usage?.total_usage ?? 0;
  const engineAt = parseTime(stats.preread);
  const before = engineCpu > 0 && engineAt !== undefined ? { cpuNs: engineCpu, at: engineAt } : previous;

  const wallNs = (sample.at - before.at) * 1e6;
  const cpuNs = sample.cpuNs - before.cpuNs;
  const cpu = wallNs > 0 && cpuNs > 0 ? (cpuNs / wallNs) * 100 : 0;

  const usage = stats.memory_stats?.usage ?? 0;
  const cache = stats.memory_stats?.stats?.inactive_file ?? stats.memory_stats?.stats?.total_inactive_file ?? 0;
  return { figures: { cpu, memory: Math.max(0, usage - cache) }, sample };
}

/** Epoch ms of an engine timestamp; undefined for the zero time engines send for "never". */
function parseTime(text: string | undefined): number | undefined {
  if (!text || text.startsWith('0001-')) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}
