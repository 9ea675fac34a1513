import { panelCaller, Rounds } from '@outpost/daemon';
import type { NodeSample } from '@outpost/shared';
import type { MetricRow } from '../../db/metrics.js';
import type { NodeRow } from '../../db/nodes.js';
import type { Repositories } from '../../db/repositories.js';
import type { NodeClients } from '../../nodes/NodeClients.js';
import type { NodeHealth } from '../../nodes/NodeHealth.js';
import { MetricSpan } from './MetricSpan.js';
import { metricTiers, spanStart } from './metricTiers.js';

export interface MetricsCollectorOptions {
  /** Between two rounds of asking every node (default: the nodes' own 10 s). */
  intervalMs: number;
  /** The clock spans are closed by (tests and the bench move it). */
  now: () => number;
  warn?: (details: object, message: string) => void;
  /**
   * Whether this panel writes what it collects: of several panels on one database only the one
   * leading the once-only jobs does (services/cluster/), while every panel collects, so each
   * answers the newest points of the history and /metrics alike. Default: always.
   */
  writes?: () => boolean;
}

/** How long after its end a span waits for a node's late samples before it is written. */
const FLUSH_GRACE_MS = 30_000;

/** A server's newest sample, the node it came from, and when the panel received it (its own clock). */
export interface LatestSample {
  node: number;
  sample: NodeSample;
  received: number;
}

const raw = metricTiers[0];

/**
 * The panel's side of the stats history (issue 32): every interval it asks each online node for
 * the samples after the newest it holds of that node, and puts them in each server's current span
 * of 10-s points (a MetricSpan in memory, half an hour), written as one row when it is over and
 * when the panel closes.
 * A panel that restarts or crashes asks from the newest point written, so the node's hour refills
 * what it missed. The 5-minute and hourly tiers are the roll-up job's (MetricsRollup).
 */
export class MetricsCollector {
  /** Each server's current 10-s span. */
  private readonly spans = new Map<string, MetricSpan>();
  /** The newest sample taken of each node, once known. */
  private readonly newest = new Map<number, number>();
  /** Each server's newest sample, for latest(). */
  private readonly latestSamples = new Map<string, LatestSample>();
  private readonly options: MetricsCollectorOptions;
  private readonly rounds: Rounds;

  constructor(
    private readonly repo: Repositories,
    private readonly clients: NodeClients,
    private readonly health: Pick<NodeHealth, 'stateOf'>,
    options: Partial<MetricsCollectorOptions> = {},
  ) {
    this.options = { intervalMs: raw.stepMs, now: Date.now, ...options };
    this.rounds = new Rounds(
      () =>
        this.repo.nodes
          .list()
          .then((rows) => Promise.all(rows.filter((row) => this.health.stateOf(row.id).online).map((row) => this.collectNode(row).catch((error: Error) => this.options.warn?.({ node: row.id, reason: error.message }, 'could not collect stats from a node')))))
          .then(() => this.flushDue()),
      this.options.intervalMs,
    );
  }

  start(): void {
    this.rounds.start();
  }

  /** Stops asking, and writes every span held, finished or not. */
  async stop(): Promise<void> {
    await this.rounds.stop();
    const spans = [...this.spans.values()];
    this.spans.clear();
    await this.write(spans);
  }

  /** Asks every online node now (one round at a time), then writes the spans that are over. */
  collectAll(): Promise<void> {
    return this.rounds.run();
  }

  /** Asks one node for what it sampled after the newest point held of it. */
  async collectNode(row: NodeRow): Promise<void> {
    const after = this.newest.get(row.id) ?? (await this.repo.metrics.newestOnNode(row.id)) ?? 0;
    const { samples } = await this.clients.forRow(row).nodeSamples(panelCaller, after);
    await this.record(row.id, samples);
  }

  /**
   * Puts a node's samples into their servers' spans: the way every sample comes in (the bench
   * feeds it directly). A sample of a server the panel does not have on that node is dropped; one
   * older than its server's current span goes into its own span, written at once.
   */
  async record(nodeId: number, samples: readonly NodeSample[]): Promise<void> {
    if (samples.length === 0) return;
    const known = new Set(await this.repo.servers.idsOnNode(nodeId));
    const kept = samples.filter((sample) => known.has(sample.server));
    const received = this.options.now();
    for (const sample of kept) {
      const held = this.latestSamples.get(sample.server);
      if (!held || held.sample.t <= sample.t) this.latestSamples.set(sample.server, { node: nodeId, sample, received });
    }
    const stored = await this.storedSpans(kept);
    const done: MetricSpan[] = [];
    const late = new Map<string, MetricSpan>();
    for (const sample of kept) {
      const start = spanStart(raw, sample.t);
      let span = this.spans.get(sample.server);
      if (span && span.start < start) {
        done.push(span);
        span = undefined;
      }
      if (!span) {
        span = stored.get(`${sample.server}:${start}`) ?? new MetricSpan(sample.server, raw, start);
        this.spans.set(sample.server, span);
      } else if (span.start > start) {
        const key = `${sample.server}:${start}`;
        span = late.get(key) ?? stored.get(key) ?? new MetricSpan(sample.server, raw, start);
        late.set(key, span);
      }
      span.put({ t: sample.t, cpu: sample.cpu, memory: sample.memory, ...(sample.disk !== undefined && { disk: sample.disk }), ...(sample.players !== undefined && { players: sample.players }) });
    }
    this.newest.set(nodeId, samples.reduce((newest, sample) => Math.max(newest, sample.t), this.newest.get(nodeId) ?? 0));
    await this.write([...done, ...late.values()]);
  }

  /** Writes the spans that are over (and a grace for late samples). */
  async flushDue(): Promise<void> {
    const now = this.options.now();
    const due = [...this.spans.values()].filter((span) => span.start + raw.spanMs + FLUSH_GRACE_MS <= now);
    for (const span of due) this.spans.delete(span.server);
    await this.write(due);
  }

  /** The spans held in memory of these servers: the newest points, not yet written. */
  current(servers: readonly string[]): MetricSpan[] {
    return servers.flatMap((server) => this.spans.get(server) ?? []);
  }

  /**
   * Each running server's newest sample (the /metrics gauges read it at each scrape): one taken in
   * its node's newest round (a round samples every server running then, all with the round's time,
   * so a server that stopped is missing from the next), and received within the last three rounds'
   * time (a node that went quiet, or whose only server stopped, sends nothing newer).
   */
  latest(): Map<string, LatestSample> {
    const now = this.options.now();
    const current = new Map<string, LatestSample>();
    for (const [server, held] of this.latestSamples) {
      const newest = this.newest.get(held.node) ?? held.sample.t;
      if (held.sample.t === newest && now - held.received <= 3 * raw.stepMs) current.set(server, held);
    }
    return current;
  }

  /** Drops what is held of a server being deleted (its rows go with its servers row). */
  forget(server: string): void {
    this.spans.delete(server);
    this.latestSamples.delete(server);
  }

  /** The spans already written that these samples fall in and memory does not hold (a panel restarted within one). */
  private async storedSpans(samples: readonly NodeSample[]): Promise<Map<string, MetricSpan>> {
    const wanted = new Map<number, Set<string>>();
    for (const sample of samples) {
      const start = spanStart(raw, sample.t);
      if (this.spans.get(sample.server)?.start === start) continue;
      const servers = wanted.get(start) ?? new Set<string>();
      servers.add(sample.server);
      wanted.set(start, servers);
    }
    const found = new Map<string, MetricSpan>();
    for (const [start, servers] of wanted) {
      for (const row of await this.repo.metrics.spans([...servers], raw.tier, start, start)) {
        found.set(`${row.server}:${start}`, MetricSpan.decode(row.server, raw, start, row.data));
      }
    }
    return found;
  }

  private async write(spans: readonly MetricSpan[]): Promise<void> {
    if (this.options.writes && !this.options.writes()) return;
    const rows = spans.flatMap((span): MetricRow[] => {
      const until = span.until;
      return until === undefined ? [] : [{ server: span.server, tier: raw.tier, start: span.start, until, rolled: false, data: span.encode() }];
    });
    try {
      await this.repo.metrics.put(rows);
    } catch {
      // A server deleted meanwhile fails the whole batch (its servers row is gone): the others are written one by one.
      for (const row of rows) await this.repo.metrics.put([row]).catch(() => undefined);
    }
  }
}
