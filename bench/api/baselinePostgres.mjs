// The API baseline on PostgreSQL: bare Fastify 5 answering one page query of 10 rows through `pg`
// (a pool of 10, as the panel's), shaped like GET /api/servers. `node baselinePostgres.mjs <port> <database url>`;
// prints "baseline listening" when ready. The table is its own (outpost_bench_baseline), dropped at exit.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.argv[3], max: 10 });
await pool.query('CREATE TABLE IF NOT EXISTS outpost_bench_baseline (id TEXT PRIMARY KEY, name TEXT NOT NULL, ip TEXT, port INTEGER, type TEXT NOT NULL, node_id INTEGER NOT NULL)');
await pool.query('TRUNCATE outpost_bench_baseline');
for (let i = 0; i < 10; i++) await pool.query('INSERT INTO outpost_bench_baseline VALUES ($1, $2, NULL, NULL, $3, 1)', [`0000000${i}`, `bench ${i}`, 'bench']);
const page = { name: 'page', text: 'SELECT id, name, ip, port, type, node_id FROM outpost_bench_baseline ORDER BY name LIMIT $1 OFFSET $2' };

const app = Fastify();
app.get('/api/servers', async () => {
  const { rows } = await pool.query({ ...page, values: [10, 0] });
  return { servers: rows, paging: { page: 1, limit: 10, total: rows.length } };
});
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('baseline listening');
process.once('SIGTERM', async () => {
  await app.close();
  await pool.query('DROP TABLE IF EXISTS outpost_bench_baseline').catch(() => undefined);
  await pool.end();
  process.exit(0);
});
