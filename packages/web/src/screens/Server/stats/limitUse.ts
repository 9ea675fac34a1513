import type { ServerStats } from '@outpost/shared';

const MIB = 1_048_576;

/** One figure against its limit: `used` and `limit` in the limit's unit (MiB, or percent of a core); no limit is undefined. */
export interface LimitUse {
  name: 'memory' | 'cpu' | 'disk';
  used: number;
  limit: number | undefined;
  /** How full, 0 to 1 (past 1 is clamped), for the bar; 0 without a limit. */
  fraction: number;
}

/** Memory, CPU and disk of a stats answer against the limits the node applies; disk only where the node measures it. */
export function limitUses(stats: ServerStats): LimitUse[] {
  const against = (name: LimitUse['name'], used: number): LimitUse => {
    const limit = stats.limits?.[name] || undefined;
    return { name, used, limit, fraction: limit ? Math.min(1, Math.max(0, used / limit)) : 0 };
  };
  const uses = [against('memory', stats.memory / MIB), against('cpu', stats.cpu)];
  if (stats.disk !== undefined) uses.push(against('disk', stats.disk / MIB));
  return uses;
}
