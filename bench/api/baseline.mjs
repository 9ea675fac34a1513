// The API baseline: bare Fastify 5 answering one prepared better-sqlite3 page query of 10 rows,
// shaped like GET /api/servers. `node baseline.mjs <port>`; prints "baseline listening" when ready.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const dir = mkdtempSync(join(tmpdir(), 'outpost-bench-baseline-'));
const db = new SQLite(join(dir, 'baseline.db'));
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE servers (id TEXT PRIMARY KEY, name TEXT NOT NULL, ip TEXT, port INTEGER, type TEXT NOT NULL, node_id INTEGER NOT NULL)');
const insert = db.prepare('INSERT INTO servers VALUES (?, ?, ?, ?, ?, 1)');
for (let i = 0; i < 10; i++) insert.run(`0000000${i}`, `bench ${i}`, null, null, 'bench');
const page = db.prepare('SELECT id, name, ip, port, type, node_id FROM servers ORDER BY name LIMIT ? OFFSET ?');

const app = Fastify();
app.get('/api/servers', async () => {
  const rows = page.all(10, 0);
  return { servers: rows, paging: { page: 1, limit: 10, total: rows.length } };
});
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('baseline listening');
process.once('SIGTERM', async () => {
  await app.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
