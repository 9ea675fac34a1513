import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { NodeRow } from '../../db/nodes.js';
import type { Repositories } from '../../db/repositories.js';
import type { ServerWithNode } from '../../db/servers.js';
import type { NodeHealth } from '../../nodes/NodeHealth.js';
import type { OpenSockets } from '../access/OpenSockets.js';
import type { LatestSample, MetricsCollector } from './MetricsCollector.js';

/** Every series' name starts with it, prom-client's process metrics' too. */
const PREFIX = 'outpost_';

/** Request durations from 1 ms (most API answers) to 10 s (a slow node behind a proxy call). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the gauges read at a scrape. */
export interface PrometheusSources {
  repo: Pick<Repositories, 'servers' | 'nodes'>;
  nodeHealth: Pick<NodeHealth, 'stateOf'>;
  collector: Pick<MetricsCollector, 'latest'>;
  sockets: Pick<OpenSockets, 'size'>;
}

/** One scrape's reading: the servers and nodes the panel has, each running server's newest sample. */
interface Reading {
  servers: ServerWithNode[];
  nodes: NodeRow[];
  latest: Map<string, LatestSample>;
}

// The process's own metrics (CPU, memory, event loop, GC) belong to the process, however many apps
// it builds (the tests build dozens): one registry, made at the first scrape, as prom-client's
// event loop and GC observers cannot be taken back.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: PREFIX });
  }
  return processRegistry;
}

/**
 * The panel's Prometheus metrics (issue 32, GET /metrics): each server's and node's gauges, read
 * at the scrape from the stats collector's newest samples, the node health checks and the
 * database, never sampled here; and the panel's own HTTP requests, counted as they are answered.
 * A server's `node` label is its node's id, which a rename leaves alone (outpost_node_up carries
 * the node's name beside it).
 */
export class PrometheusMetrics {
  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
  private readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;
  private reading?: Promise<Reading>;

  constructor(private readonly sources: PrometheusSources) {
    const registers = [this.registry];
    this.requests = new Counter({ name: `${PREFIX}http_requests_total`, help: 'HTTP requests the panel answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers });
    this.durations = new Histogram({ name: `${PREFIX}http_request_duration_seconds`, help: 'Time the panel took to answer, by method and route pattern', labelNames: ['method', 'route'], buckets: DURATION_BUCKETS, registers });

    const read = () => this.read();
    const serverGauge = (name: string, help: string, value: (sample: LatestSample | undefined) => number | undefined) =>
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        labelNames: ['server', 'name', 'node'],
        registers,
        async collect() {
          const { servers, latest } = await read();
          this.reset();
          for (const server of servers) {
            const found = value(latest.get(server.id));
            if (found !== undefined) this.set({ server: server.id, name: server.name, node: String(server.node_id) }, found);
          }
        },
      });
    serverGauge('server_up', 'Whether the server runs (1) or not (0), as its node last sampled it', (latest) => (latest ? 1 : 0));
    serverGauge('server_cpu_percent', 'CPU of a running server, in percent of one core', (latest) => latest?.sample.cpu);
    serverGauge('server_memory_bytes', 'Memory of a running server', (latest) => latest?.sample.memory);
    serverGauge('server_disk_bytes', "Size of a running server's folder, once its node has measured it", (latest) => latest?.sample.disk);
    serverGauge('server_players', 'Players online on a running server, when its game answers a query', (latest) => latest?.sample.players);

    const { nodeHealth, sockets } = sources;
    new Gauge({
      name: `${PREFIX}node_up`,
      help: "Whether the node's daemon answered its last health check (1) or not (0)",
      labelNames: ['node', 'name'],
      registers,
      async collect() {
        const { nodes } = await read();
        this.reset();
        for (const node of nodes) this.set({ node: String(node.id), name: node.name }, nodeHealth.stateOf(node.id).online ? 1 : 0);
      },
    });
    new Gauge({
      name: `${PREFIX}sftp_sessions`,
      help: 'SFTP sessions open on each online node that serves SFTP, at its last health check',
      labelNames: ['node'],
      registers,
      async collect() {
        const { nodes } = await read();
        this.reset();
        for (const node of nodes) {
          const state = nodeHealth.stateOf(node.id);
          if (state.online && state.sftpSessions !== undefined) this.set({ node: String(node.id) }, state.sftpSessions);
        }
      },
    });
    new Gauge({
      name: `${PREFIX}open_sockets`,
      help: 'WebSocket connections the panel holds open (consoles, live lists)',
      registers,
      collect() {
        this.set(sockets.size);
      },
    });
  }

  /** Counts one answered request; `route` is the route's pattern (/api/servers/:id), so ids make no series of their own. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.durations.observe({ method, route }, seconds);
  }

  /** The text of one scrape: the panel's metrics, then the process's. */
  scrape(): Promise<string> {
    return Registry.merge([this.registry, processMetrics()]).metrics();
  }

  /**
   * The servers, nodes and samples every gauge of one scrape reads: the gauges' collect callbacks
   * all start at once, so they share the reading under way instead of making one each.
   */
  private read(): Promise<Reading> {
    const { repo, collector } = this.sources;
    this.reading ??= Promise.all([repo.servers.matching({}), repo.nodes.list()])
      .then(([servers, nodes]) => ({ servers, nodes, latest: collector.latest() }))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }
}
