import { STATS_SAMPLE_MS, type NodeSample, type ServerStats } from '@outpost/shared';
import { Rounds } from '../system/Rounds.js';

/** What the sampler reads of a server: its id, whether it runs, and the stats getStats answers. */
export interface SampledServer {
  readonly id: string;
  readonly running: boolean;
  stats(): Promise<ServerStats>;
}

export interface StatsSamplerOptions {
  /** Between two rounds (default STATS_SAMPLE_MS). */
  intervalMs: number;
  /** How far back the ring reaches (default an hour): a panel that was away that long refills from it. */
  keepMs: number;
  /** The clock samples are dated by (tests move it). */
  now: () => number;
  /** Players online of a running server, when its game was asked (issue 32, item 3, fills this in); undefined otherwise. */
  players?: (serverId: string) => number | undefined;
}

/** How many servers are read at once: a round of 1000 servers is 1000 /proc scans, not a burst of them. */
const READS_AT_ONCE = 16;

/**
 * One round: its time, the servers that ran and their CPU, memory, disk and players in one array
 * (NaN where unknown), not an object per sample: an hour of 1000 servers is 360 arrays of 32 KB.
 */
interface Round {
  t: number;
  servers: string[];
  values: Float64Array;
}

/** Values per sample in a round's array: CPU, memory, disk, players. */
const FIELDS = 4;

/**
 * Every interval, reads each running server's stats (the shared sample getStats answers, so a
 * round measures nothing twice) into a ring of the node's last hour, one entry per round. The
 * panel asks for what came after the newest it holds (GET /daemon/node/samples), so a panel that
 * restarts or loses the node for less than the ring's reach misses nothing.
 */
export class StatsSampler {
  private readonly options: StatsSamplerOptions;
  private readonly rounds: Round[] = [];
  private readonly schedule: Rounds;

  constructor(
    /** The node's servers, asked each round so servers created or deleted meanwhile count. */
    private readonly servers: () => Iterable<SampledServer>,
    options: Partial<StatsSamplerOptions> = {},
  ) {
    this.options = { intervalMs: STATS_SAMPLE_MS, keepMs: 60 * 60_000, now: Date.now, ...options };
    this.schedule = new Rounds(() => this.take(), this.options.intervalMs);
  }

  start(): void {
    this.schedule.start();
  }

  /** Stops the rounds and waits for the one under way. */
  close(): Promise<void> {
    return this.schedule.stop();
  }

  /** Takes a round now (one at a time: a slow round is not overtaken by the next). */
  sample(): Promise<void> {
    return this.schedule.run();
  }

  /** The samples taken after `after` (epoch ms), oldest first; everything kept when it is left out. */
  after(after = -Infinity): NodeSample[] {
    this.trim();
    // Rounds are in time order: skip those at or before `after` by bisection.
    let [low, high] = [0, this.rounds.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.rounds[middle].t <= after) low = middle + 1;
      else high = middle;
    }
    return this.rounds.slice(low).flatMap(samplesOf);
  }

  private async take(): Promise<void> {
    // A clock set back still leaves the ring in time order: the round is dated just after the last.
    const t = Math.max(this.options.now(), (this.rounds.at(-1)?.t ?? -Infinity) + 1);
    const running = [...this.servers()].filter((server) => server.running);
    const samples: { server: string; cpu: number; memory: number; disk: number; players: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < running.length) {
        const server = running[next++];
        // A server that stopped or went during the round has no sample this time.
        const stats = await server.stats().catch(() => undefined);
        if (!stats || !server.running) continue;
        const players = this.options.players?.(server.id);
        samples.push({ server: server.id, cpu: stats.cpu, memory: stats.memory, disk: stats.disk ?? NaN, players: players ?? NaN });
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, running.length) }, worker));
    if (samples.length > 0) {
      const values = new Float64Array(samples.length * FIELDS);
      samples.forEach((sample, index) => values.set([sample.cpu, sample.memory, sample.disk, sample.players], index * FIELDS));
      this.rounds.push({ t, servers: samples.map((sample) => sample.server), values });
    }
    this.trim();
  }

  private trim(): void {
    const oldest = this.options.now() - this.options.keepMs;
    let drop = 0;
    while (drop < this.rounds.length && this.rounds[drop].t < oldest) drop++;
    if (drop > 0) this.rounds.splice(0, drop);
  }
}

/** A round's samples as the node answers them. */
function samplesOf(round: Round): NodeSample[] {
  return round.servers.map((server, index) => {
    const [cpu, memory, disk, players] = round.values.subarray(index * FIELDS, index * FIELDS + FIELDS);
    return { server, t: round.t, cpu, memory, ...(!Number.isNaN(disk) && { disk }), ...(!Number.isNaN(players) && { players }) };
  });
}
