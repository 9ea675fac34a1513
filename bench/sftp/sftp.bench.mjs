// SFTP upload and download throughput of our server beside OpenSSH's own sftp-server, in the same run.
// Run with `npm run bench:sftp` (builds first). Loopback only, temp files removed, stops by itself.
//
// Both servers are ssh2 SSH servers with the same host key, so they share one SSH transport
// (key exchange, cipher, channel windows): ours answers the sftp subsystem with our SftpSession,
// the baseline pipes it to a spawned /usr/lib/openssh/sftp-server (what sshd runs). The ratio
// therefore compares the SFTP layers alone. The client is OpenSSH's `sftp` (through sshpass) for both.
// The machine may be shared, so figures swing from run to run: the servers take turns and the best
// of ROUNDS counts. BENCH_VERBOSE=1 prints every round.
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { startSftpServer } from '../../packages/daemon/dist/sftp/index.js';
import { loadOrCreateHostKey } from '../../packages/daemon/dist/sftp/hostKey.js';

const SIZE = 200 * 1000 * 1000;
const ROUNDS = 4;
const PASSWORD = 'bench-password';
const USER = 'bench@example.com|be0c0de0';
const OPENSSH_SFTP_SERVER = '/usr/lib/openssh/sftp-server';

for (const tool of [OPENSSH_SFTP_SERVER, '/usr/bin/sshpass', '/usr/bin/sftp']) {
  await access(tool).catch(() => {
    console.error(`missing ${tool}: apt-get install -y openssh-client openssh-sftp-server sshpass`);
    process.exit(1);
  });
}

/** The baseline: an ssh2 server whose sftp subsystem is OpenSSH's sftp-server process. */
async function startBaseline(hostKey, root) {
  const server = new ssh2.Server({ hostKeys: [hostKey], ident: 'Outpost' }, (client) => {
    client.on('error', () => {});
    client.on('authentication', (ctx) => (ctx.method === 'password' && ctx.password === PASSWORD ? ctx.accept() : ctx.reject(['password'])));
    client.on('session', (accept) => {
      accept().on('subsystem', (acceptSubsystem, reject, info) => {
        if (info.name !== 'sftp') return reject();
        const channel = acceptSubsystem();
        const child = spawn(OPENSSH_SFTP_SERVER, ['-d', root], { stdio: ['pipe', 'pipe', 'ignore'] });
        channel.pipe(child.stdin);
        child.stdout.pipe(channel);
        child.on('close', (code) => {
          channel.exit(code ?? 0);
          channel.end();
        });
        channel.on('close', () => child.kill());
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Runs one OpenSSH sftp batch command, answering the seconds it took. */
async function transfer(port, work, command) {
  const batch = join(work, 'batch');
  const config = join(work, 'ssh_config');
  await writeFile(batch, command + '\n');
  // OpenSSH refuses "|" in a user name on its command line; a config file is fine.
  await writeFile(config, `Host 127.0.0.1\n  User ${USER}\n`);
  const args = ['-p', PASSWORD, 'sftp', '-F', config, '-oBatchMode=no', '-oStrictHostKeyChecking=no', '-oUserKnownHostsFile=/dev/null'];
  args.push('-oPubkeyAuthentication=no', '-oLogLevel=ERROR', '-P', String(port), '-b', batch, '127.0.0.1');
  const started = performance.now();
  await new Promise((resolve, reject) =>
    execFile('sshpass', args, { cwd: work, timeout: 300_000 }, (error, stdout, stderr) => (error ? reject(new Error(`${command}: ${stderr || error.message}`)) : resolve())),
  );
  return (performance.now() - started) / 1000;
}

async function sha256(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** One upload and one download through a server (MB/s), checking the bytes come back intact. */
async function measureOnce(name, port, remoteDir, work, expected, check) {
  const upSeconds = await transfer(port, work, `put big.bin ${remoteDir}/big.bin`);
  const downSeconds = await transfer(port, work, `get ${remoteDir}/big.bin back.bin`);
  if ((await stat(join(work, 'back.bin'))).size !== SIZE || (check && (await sha256(join(work, 'back.bin'))) !== expected)) {
    throw new Error(`${name}: the file came back different`);
  }
  await rm(join(work, 'back.bin'));
  return { upload: SIZE / 1e6 / upSeconds, download: SIZE / 1e6 / downSeconds };
}

/**
 * Best of ROUNDS for each server, the servers taking turns, so a burst of load from elsewhere on
 * the machine (it is shared) hits both alike rather than one of them.
 */
async function measureBoth(servers, work, expected) {
  const best = servers.map(() => ({ upload: 0, download: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, server] of servers.entries()) {
      const figures = await measureOnce(server.name, server.port, server.remoteDir, work, expected, round === 0);
      if (process.env.BENCH_VERBOSE) console.log(`  round ${round + 1} ${server.name}: upload ${figures.upload.toFixed(1)}, download ${figures.download.toFixed(1)} MB/s`);
      best[i].upload = Math.max(best[i].upload, figures.upload);
      best[i].download = Math.max(best[i].download, figures.download);
    }
  }
  for (const [i, server] of servers.entries()) {
    console.log(`${server.name.padEnd(28)} upload ${best[i].upload.toFixed(1).padStart(7)} MB/s   download ${best[i].download.toFixed(1).padStart(7)} MB/s`);
  }
  return best;
}

const dir = await mkdtemp(join(tmpdir(), 'outpost-sftp-bench-'));
const oursRoot = join(dir, 'ours');
const baseRoot = join(dir, 'baseline');
const work = join(dir, 'client');
await Promise.all([mkdir(oursRoot), mkdir(baseRoot), mkdir(work)]);
const hostKeyPath = join(dir, 'host_ed25519');

let ours;
let baseline;
try {
  // Random bytes, written in 1 MB chunks, so nothing along the way can compress them.
  const big = createWriteStream(join(work, 'big.bin'));
  const hash = createHash('sha256');
  for (let written = 0; written < SIZE; written += 1e6) {
    const chunk = randomBytes(1e6);
    hash.update(chunk);
    if (!big.write(chunk)) await new Promise((resolve) => big.once('drain', resolve));
  }
  await new Promise((resolve) => big.end(resolve));
  const expected = hash.digest('hex');

  ours = await startSftpServer({
    host: '127.0.0.1',
    port: 0,
    hostKeyPath,
    authenticate: async (username, password) => (username === USER && password === PASSWORD ? { root: oursRoot, canWrite: true } : null),
  });
  baseline = await startBaseline(await loadOrCreateHostKey(hostKeyPath), baseRoot);

  console.log(`sftp bench: ${SIZE / 1e6} MB of random bytes, OpenSSH sftp client, loopback, best of ${ROUNDS} taking turns; both servers on ssh2's SSH transport`);
  const [oursFigures, baseFigures] = await measureBoth(
    [
      { name: 'outpost (ssh2 + SftpSession)', port: ours.port, remoteDir: '/' },
      { name: 'openssh sftp-server', port: baseline.port, remoteDir: baseRoot },
    ],
    work,
    expected,
  );
  const ratio = { upload: oursFigures.upload / baseFigures.upload, download: oursFigures.download / baseFigures.download };
  await writeFile(
    new URL('./results.json', import.meta.url),
    JSON.stringify({ at: new Date().toISOString(), bytes: SIZE, ours: oursFigures, openssh: baseFigures, ratio }, null, 2) + '\n',
  );
  console.log(`sftp: upload ${ratio.upload.toFixed(2)}, download ${ratio.download.toFixed(2)} of OpenSSH`);
} finally {
  await ours?.close();
  await baseline?.close();
  await rm(dir, { recursive: true, force: true });
}
