// Starts throwaway PostgreSQL and MariaDB servers for the database tests, on spare loopback ports in
// a temp folder, when their binaries are on this machine (.ci/run installs them). Tests find them
// through OUTPOST_TEST_POSTGRES_URL and OUTPOST_TEST_MYSQL_URL; a missing server is said out loud.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';

const pgBin = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

function waitForPort(port, ms = 30_000) {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve();
      });
      socket.on('error', () => {
        if (Date.now() > deadline) reject(new Error(`port ${port} did not open`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

/** Runs a command as the postgres user when we are root (initdb refuses root). */
function asPostgres(cmd, args) {
  return asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args]) : spawnSync(cmd, args);
}

/** A throwaway PostgreSQL in `dir` (or the one OUTPOST_TEST_POSTGRES_URL names): its admin URL and stop, or null when not installed. The benches use it too. */
export async function startPostgres(dir) {
  if (process.env.OUTPOST_TEST_POSTGRES_URL) return { url: process.env.OUTPOST_TEST_POSTGRES_URL, stop() {} };
  if (!existsSync(join(pgBin, 'initdb'))) return null;
  const data = join(dir, 'pg');
  chmodSync(dir, 0o777);
  const port = 55432 + (process.pid % 1000);
  const init = asPostgres(join(pgBin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust']);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const start = asPostgres(join(pgBin, 'pg_ctl'), [
    '-D', data, '-l', join(dir, 'pg.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', 'start',
  ]);
  if (start.status !== 0) throw new Error(`pg_ctl start failed: ${start.stderr}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => asPostgres(join(pgBin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']),
  };
}

async function startMariadb(dir) {
  if (process.env.OUTPOST_TEST_MYSQL_URL) return { url: process.env.OUTPOST_TEST_MYSQL_URL, stop() {} };
  if (!which('mariadbd') || !which('mariadb-install-db')) return null;
  const data = join(dir, 'mysql');
  const port = 53306 + (process.pid % 1000);
  const user = asRoot ? ['--user=root'] : [];
  const init = spawnSync('mariadb-install-db', [...user, `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db']);
  if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr}`);
  const child = spawn('mariadbd', [
    '--no-defaults', ...user, `--datadir=${data}`, `--port=${port}`, '--bind-address=127.0.0.1',
    `--socket=${join(dir, 'mysql.sock')}`, `--pid-file=${join(dir, 'mysql.pid')}`, '--skip-grant-tables', '--innodb-flush-log-at-trx-commit=0',
  ], { stdio: 'ignore' });
  await waitForPort(port);
  // Wait for mariadbd to exit: it still writes into its folder while shutting down.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { url: `mysql://root@127.0.0.1:${port}/mysql`, stop: () => (child.kill('SIGTERM'), exited) };
}

/** Starts what can be started; answers the env for the tests and a stop function. */
export async function startTestDatabases() {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-db-'));
  const env = {};
  const running = [];
  for (const [name, start, key] of [
    ['PostgreSQL', startPostgres, 'OUTPOST_TEST_POSTGRES_URL'],
    ['MariaDB', startMariadb, 'OUTPOST_TEST_MYSQL_URL'],
  ]) {
    try {
      const db = await start(dir);
      if (!db) {
        console.warn(`! ${name} is not installed here: its database tests are skipped (.ci/run installs it).`);
        continue;
      }
      env[key] = db.url;
      running.push(db);
    } catch (error) {
      console.warn(`! ${name} did not start: ${error.message}`);
    }
  }
  return {
    env,
    async stop() {
      for (const db of running) await db.stop();
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
