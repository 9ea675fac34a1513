import { createHash } from 'node:crypto';
import { LIMIT_NAMES, type LimitEnforcement, type ServerLimits } from '@outpost/shared';
import { nodeCgroups, type CgroupLayout } from './cgroupLayout.js';
import { ServerCgroup } from './ServerCgroup.js';

/** daemon.json `limits`: what a server that sets none gets, and what none may exceed (0 or absent: no bound). */
export interface NodeLimitsConfig {
  defaults?: ServerLimits;
  max?: ServerLimits;
}

/** Checks daemon.json's `limits` ({defaults, max}, each limit a whole number, 0 unlimited); the message names the field. */
export function parseNodeLimits(value: unknown): NodeLimitsConfig {
  if (!isObject(value)) throw new Error('limits must be an object {defaults, max}');
  const out: NodeLimitsConfig = {};
  for (const [part, limits] of Object.entries(value)) {
    if (part !== 'defaults' && part !== 'max') throw new Error(`limits.${part} is not a setting (defaults, max)`);
    if (!isObject(limits)) throw new Error(`limits.${part} must be an object`);
    for (const [name, limit] of Object.entries(limits)) {
      if (!(LIMIT_NAMES as readonly string[]).includes(name)) throw new Error(`limits.${part}.${name} is not a limit (${LIMIT_NAMES.join(', ')})`);
      if (!Number.isSafeInteger(limit) || (limit as number) < 0) throw new Error(`limits.${part}.${name} must be a whole number, 0 for unlimited`);
    }
    out[part] = limits as ServerLimits;
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What an environment needs to confine one server: the limits it applies and the cgroup to apply them in. */
export interface Confinement {
  /** The server's limits as applied now: read at each start, so a changed definition counts from the next. */
  limits(): ServerLimits;
  /** Absent when the node has no writable cgroup. */
  cgroup?: ServerCgroup;
}

/**
 * A node's limits: what it can enforce (found once, at daemon start), the limits a server's
 * definition comes to once the node's defaults and maximum are applied, and each server's cgroup.
 */
export class NodeLimits {
  readonly enforcement: LimitEnforcement;

  constructor(
    private readonly config: NodeLimitsConfig = {},
    private readonly layout: CgroupLayout | null = nodeCgroups(),
  ) {
    const bases = layout?.bases ?? {};
    // The disk quota is Outpost's own accounting, so every node has it.
    this.enforcement = { cgroup: layout?.version ?? null, memory: !!bases.memory, cpu: !!bases.cpu, processes: !!bases.pids, disk: true };
  }

  /**
   * A server's limits as applied: the node default for each one the definition leaves out, then
   * the node maximum over anything above it, unlimited (0) included. Only limits with a value are listed.
   */
  applied(limits: ServerLimits = {}): ServerLimits {
    const out: ServerLimits = {};
    for (const name of LIMIT_NAMES) {
      let value = limits[name] ?? this.config.defaults?.[name] ?? 0;
      const max = this.config.max?.[name] ?? 0;
      if (max > 0 && (value === 0 || value > max)) value = max;
      if (value > 0) out[name] = value;
    }
    return out;
  }

  /**
   * One server's confinement to its definition's limits (`limits` answers them) as applied. The
   * cgroup's name holds the server's folder too, as two nodes on one machine may share server ids.
   */
  confinement(serverId: string, root: string, limits: () => ServerLimits | undefined): Confinement {
    const applied = () => this.applied(limits());
    if (!this.layout) return { limits: applied };
    const folder = createHash('sha256').update(root).digest('hex').slice(0, 8);
    return { limits: applied, cgroup: new ServerCgroup(this.layout, `${serverId}-${folder}`) };
  }
}
