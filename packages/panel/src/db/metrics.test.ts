import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/testDatabase.js';
import { MetricSpan } from '../services/metrics/MetricSpan.js';
import { metricTiers } from '../services/metrics/metricTiers.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './openDatabase.js';
import { repositories, type Repositories } from './repositories.js';
import type { Database } from './schema.js';

// A span of 10-s points: half an hour, 180 of them.
const HALF = 1_800_000;
const start = 1_790_000_000_000 - (1_790_000_000_000 % HALF);

/** A span of 10-s points of one server, the slots from `from` up to `to`, CPU `cpu`. */
function half(server: string, at: number, cpu: number, from = 0, to = 180): MetricSpan {
  const span = new MetricSpan(server, metricTiers[0], at);
  for (let slot = from; slot < to; slot++) span.put({ t: at + slot * 10_000, cpu, memory: 512 * 1024 ** 2 + slot * 4096, disk: 2 * 1024 ** 3 });
  return span;
}

const rowOf = (span: MetricSpan, rolled = false) => ({ server: span.server, tier: span.tier.tier, start: span.start, until: span.until!, rolled, data: span.encode() });

describe.each(testDialects())('the stats history table on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let repo: Repositories;
  let nodeId: number;

  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    db = openDatabase(test.config);
    await migrateToLatest(db, dialect);
    repo = repositories(db);
    nodeId = await repo.nodes.insert({ name: 'n', public_host: 'h', public_port: 1, private_host: '', private_port: 1, sftp_port: 2, secret: 's', is_local: 0 });
    for (const id of ['aaaa0001', 'aaaa0002']) await repo.servers.insert({ id, name: id, node_id: nodeId, ip: '', port: null, type: 't', created_at: 0 });
  });
  afterEach(async () => {
    await db?.destroy();
    await test?.drop();
  });

  it('keeps a span whole as written, replaces it in place, and reads it back by server, tier and start', async () => {
    await repo.metrics.put([rowOf(half('aaaa0001', start, 12.5, 100)), rowOf(half('aaaa0002', start, 50))]);
    await repo.metrics.put([rowOf(half('aaaa0001', start, 25))]);
    const [row] = await repo.metrics.spans(['aaaa0001'], 0, start, start);
    const points = MetricSpan.decode(row.server, metricTiers[0], row.start, row.data).points();
    expect(points).toHaveLength(180);
    expect(points[7]).toEqual({ t: start + 70_000, cpu: 25, memory: 512 * 1024 ** 2 + 7 * 4096, disk: 2 * 1024 ** 3 });
    expect(row).toMatchObject({ server: 'aaaa0001', tier: 0, start, until: start + 179 * 10_000, rolled: false });
    expect(await repo.metrics.newestOnNode(nodeId)).toBe(start + 179 * 10_000);
    expect(await repo.metrics.newestOnNode(nodeId + 1)).toBeUndefined();
  });

  it('hands out unrolled spans, marks them rolled unless written again since, and removes by age and with the server', async () => {
    await repo.metrics.put([rowOf(half('aaaa0001', start, 1)), rowOf(half('aaaa0001', start + HALF, 2)), rowOf(half('aaaa0002', start, 3, 0, 100))]);
    const due = await repo.metrics.unrolled(start + HALF, 10);
    expect(due.map((row) => [row.server, row.start])).toEqual([
      ['aaaa0001', start],
      ['aaaa0002', start],
    ]);
    // aaaa0002's span is written again (late samples) before the roll-up marks it: it stays due.
    await repo.metrics.put([rowOf(half('aaaa0002', start, 3))]);
    await repo.metrics.markRolled(due);
    expect((await repo.metrics.unrolled(start + 2 * HALF, 10)).map((row) => [row.server, row.start])).toEqual([
      ['aaaa0002', start],
      ['aaaa0001', start + HALF],
    ]);
    expect((await repo.metrics.unrolledOf(['aaaa0001'])).map((row) => row.start)).toEqual([start + HALF]);

    expect(await repo.metrics.deleteBefore(0, start + HALF)).toBe(2);
    await repo.servers.delete('aaaa0001');
    expect(await repo.metrics.spans(['aaaa0001', 'aaaa0002'], 0, 0, start + 10 * HALF)).toEqual([]);
  });
});
