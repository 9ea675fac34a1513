// SFTP upload and download throughput of our server beside a full OpenSSH sshd, in the same run.
// Run with `npm run bench:sftp` (builds first). Loopback only, temp files removed, stops by itself.
//
// Three servers take turns over ROUNDS rounds, each receiving and sending the same 200 MB file:
//  - outpost: our SFTP server (ssh2's SSH transport + SftpSession through ServerFiles' jail);
//  - sshd: OpenSSH's own daemon, started here on a free loopback port with a generated config
//    (its own host key, key login as root, internal-sftp): the baseline the target is set against;
//  - ssh2 + sftp-server: ssh2's transport with OpenSSH's sftp-server behind it, so the gap splits
//    into what the SSH transport costs (this line against sshd) and what our SFTP layer costs
//    (outpost against this line).
// The client is OpenSSH's `sftp` (through sshpass) for all three, with one cipher, aes128-gcm,
// so each figure is bounded by the slower of the client and the server. The client asks each server
// for its limits@openssh.com and moves as much per request as the answer allows (255 KiB from
// OpenSSH's sftp-server and sshd, 128 KiB from ours). A round times the whole
// client run (connection and login included); the connection alone is timed too and printed.
// The machine may be shared, so figures swing from run to run: medians and bests are printed,
// and the ratio is taken of the medians. BENCH_VERBOSE=1 prints every round.
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { ServerFiles } from '../../packages/daemon/dist/files/ServerFiles.js';
import { startSftpServer } from '../../packages/daemon/dist/sftp/index.js';
import { loadOrCreateHostKey } from '../../packages/daemon/dist/sftp/hostKey.js';
import { fmt, report, ROUNDS } from '../lib/measure.mjs';

const SIZE = 200 * 1000 * 1000;
const CIPHER = 'aes128-gcm@openssh.com';
const KEX = 'curve25519-sha256';
const TARGET = 0.9;
const PASSWORD = 'bench-password';
const USER = 'bench@example.com|be0c0de0';
const SFTP_SERVER = '/usr/lib/openssh/sftp-server';
const SSHD = '/usr/sbin/sshd';

for (const tool of [SFTP_SERVER, SSHD, '/usr/bin/sshpass', '/usr/bin/sftp', '/usr/bin/ssh-keygen']) {
  await access(tool).catch(() => {
    console.error(`missing ${tool}: apt-get install -y openssh-client openssh-server openssh-sftp-server sshpass`);
    process.exit(1);
  });
}

/** The second line: an ssh2 server whose sftp subsystem is OpenSSH's sftp-server process. */
async function startSsh2SftpServer(hostKey, root) {
  const server = new ssh2.Server({ hostKeys: [hostKey], ident: 'Outpost' }, (client) => {
    client.on('error', () => {});
    client.on('authentication', (ctx) => (ctx.method === 'password' && ctx.password === PASSWORD ? ctx.accept() : ctx.reject(['password'])));
    client.on('session', (accept) => {
      accept().on('subsystem', (acceptSubsystem, reject, info) => {
        if (info.name !== 'sftp') return reject();
        const channel = acceptSubsystem();
        const child = spawn(SFTP_SERVER, ['-d', root], { stdio: ['pipe', 'pipe', 'ignore'] });
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

function run(command, args) {
  return new Promise((resolve, reject) => execFile(command, args, (error, stdout, stderr) => (error ? reject(new Error(`${command}: ${stderr || error.message}`)) : resolve(stdout))));
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * OpenSSH's sshd in the foreground on a free loopback port: its own host key, a key login for root
 * (the bench runs as root; no password of the machine is touched), internal-sftp, one cipher.
 */
async function startSshd(dir) {
  const hostKey = join(dir, 'sshd_host_ed25519');
  const clientKey = join(dir, 'client_ed25519');
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', clientKey]);
  await writeFile(join(dir, 'authorized_keys'), await readFile(`${clientKey}.pub`));
  // Privilege separation needs its empty folder; a machine without a running sshd may not have it.
  await mkdir('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const config = join(dir, 'sshd_config');
  await writeFile(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      'PidFile none',
      'UsePAM no',
      'PermitRootLogin prohibit-password',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      // The key file lies under /tmp, which anyone may write to; StrictModes would refuse it.
      'StrictModes no',
      // The key exchange ssh2 speaks, so connecting costs the servers alike (OpenSSH would pick sntrup761).
      `KexAlgorithms ${KEX}`,
      `Ciphers ${CIPHER}`,
      'Subsystem sftp internal-sftp',
      'LogLevel INFO',
      '',
    ].join('\n'),
  );
  const child = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sshd did not start: ${log}`)), 10_000);
    child.stderr.on('data', (chunk) => {
      log += chunk;
      if (log.includes('Server listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sshd exited (${code}): ${log}`));
    });
  });
  child.stderr.resume();
  return {
    port,
    pid: child.pid,
    clientArgs: ['-i', clientKey, '-oIdentitiesOnly=yes', '-oPasswordAuthentication=no'],
    user: 'root',
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill();
      }),
  };
}

/** Runs one OpenSSH sftp batch command against a server, answering the seconds it took. */
async function transfer(server, work, command) {
  const batch = join(work, 'batch');
  const config = join(work, 'ssh_config');
  await writeFile(batch, command + '\n');
  // OpenSSH refuses "|" in a user name on its command line; a config file is fine.
  await writeFile(config, `Host 127.0.0.1\n  User ${server.user}\n`);
  const args = ['-p', PASSWORD, 'sftp', '-F', config, '-oBatchMode=no', '-oStrictHostKeyChecking=no', '-oUserKnownHostsFile=/dev/null'];
  args.push(`-oCiphers=${CIPHER}`, `-oKexAlgorithms=${KEX}`, ...server.clientArgs, '-oLogLevel=ERROR', '-P', String(server.port), '-b', batch, '127.0.0.1');
  const started = performance.now();
  await new Promise((resolve, reject) =>
    execFile('sshpass', args, { cwd: work, timeout: 300_000 }, (error, stdout, stderr) => (error ? reject(new Error(`${server.name} ${command}: ${stderr || error.message}`)) : resolve())),
  );
  return (performance.now() - started) / 1000;
}

async function sha256(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** CPU seconds a process has used, with (`children`) or without its reaped children's. */
async function processCpu(pid, children) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17, in clock ticks (100 a second on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return (children ? fields[13] + fields[14] : fields[11] + fields[12]) / 100;
}

/**
 * A transfer timed, with the CPU the server and the client spent on it. The client (sshpass, sftp,
 * ssh) is a reaped child of this process; so is ssh2 + sftp-server's sftp-server, whose CPU then
 * counts as the client's (that line's CPU figures are left out).
 */
async function timed(server, work, command) {
  const before = [await server.cpu(), await processCpu('self', true)];
  const seconds = await transfer(server, work, command);
  // sshd reaps its session process a moment after the client is gone.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { seconds, serverCpu: (await server.cpu()) - before[0], clientCpu: (await processCpu('self', true)) - before[1] };
}

/** One upload and one download through a server (MB/s), checking the bytes come back intact. */
async function measureOnce(server, work, expected, check) {
  const connect = await timed(server, work, 'pwd');
  const up = await timed(server, work, `put big.bin ${server.remoteDir}/big.bin`);
  const down = await timed(server, work, `get ${server.remoteDir}/big.bin back.bin`);
  if ((await stat(join(work, 'back.bin'))).size !== SIZE || (check && (await sha256(join(work, 'back.bin'))) !== expected)) {
    throw new Error(`${server.name}: the file came back different`);
  }
  await rm(join(work, 'back.bin'));
  return {
    upload: SIZE / 1e6 / up.seconds,
    download: SIZE / 1e6 / down.seconds,
    connect: connect.seconds * 1000,
    cpu: { upload: { server: up.serverCpu, client: up.clientCpu }, download: { server: down.serverCpu, client: down.clientCpu } },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Every server once per round, the order turning each round, so a burst of load elsewhere hits them alike. */
async function measureAll(servers, work, expected) {
  const runs = servers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...servers.keys()];
    for (let turn = 0; turn < round % servers.length; turn++) order.push(order.shift());
    for (const i of order) {
      const figures = await measureOnce(servers[i], work, expected, round === 0);
      runs[i].push(figures);
      if (process.env.BENCH_VERBOSE) console.log(`  round ${round + 1} ${servers[i].name}: upload ${figures.upload.toFixed(1)}, download ${figures.download.toFixed(1)} MB/s, connect ${figures.connect.toFixed(0)} ms`);
    }
  }
  return runs.map((list) => ({
    upload: { median: median(list.map((r) => r.upload)), best: Math.max(...list.map((r) => r.upload)), all: list.map((r) => r.upload) },
    download: { median: median(list.map((r) => r.download)), best: Math.max(...list.map((r) => r.download)), all: list.map((r) => r.download) },
    connect: median(list.map((r) => r.connect)),
    cpu: Object.fromEntries(
      ['upload', 'download'].map((way) => [way, { server: median(list.map((r) => r.cpu[way].server)), client: median(list.map((r) => r.cpu[way].client)) }]),
    ),
  }));
}

const dir = await mkdtemp(join(tmpdir(), 'outpost-sftp-bench-'));
const oursRoot = join(dir, 'ours');
const sshdRoot = join(dir, 'sshd');
const ssh2Root = join(dir, 'ssh2');
const work = join(dir, 'client');
await Promise.all([mkdir(oursRoot), mkdir(sshdRoot), mkdir(ssh2Root), mkdir(work)]);
const hostKeyPath = join(dir, 'host_ed25519');

let files;
let ours;
let sshd;
let ssh2Sftp;
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

  files = new ServerFiles(oursRoot);
  ours = await startSftpServer({
    host: '127.0.0.1',
    port: 0,
    hostKeyPath,
    authenticate: async (username, password) => (username === USER && password === PASSWORD ? { files, canWrite: true } : null),
  });
  ssh2Sftp = await startSsh2SftpServer(await loadOrCreateHostKey(hostKeyPath), ssh2Root);
  sshd = await startSshd(dir);

  const passwordLogin = ['-oPubkeyAuthentication=no'];
  // Our server runs in this process: its CPU is this process's own (threads included, children not).
  const ownCpu = async () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const servers = [
    { name: 'outpost (ssh2 + SftpSession)', port: ours.port, remoteDir: '', user: USER, clientArgs: passwordLogin, cpu: ownCpu, cpuCounted: true },
    // sshd's session processes are its reaped children.
    { name: 'openssh sshd (internal-sftp)', port: sshd.port, remoteDir: sshdRoot, user: sshd.user, clientArgs: sshd.clientArgs, cpu: () => processCpu(sshd.pid, true), cpuCounted: true },
    { name: 'ssh2 + openssh sftp-server', port: ssh2Sftp.port, remoteDir: ssh2Root, user: USER, clientArgs: passwordLogin, cpu: ownCpu, cpuCounted: false },
  ];
  console.log(`sftp bench: ${SIZE / 1e6} MB of random bytes, OpenSSH sftp client (64 requests in flight, as large as the server's limits@openssh.com allows: 255 KiB OpenSSH, 128 KiB ours), ${CIPHER}, loopback, ${ROUNDS} rounds taking turns`);
  const figures = await measureAll(servers, work, expected);
  for (const [i, server] of servers.entries()) {
    const { upload, download, connect } = figures[i];
    console.log(
      `${server.name.padEnd(30)} upload median ${fmt(upload.median, 1).padStart(6)} best ${fmt(upload.best, 1).padStart(6)} MB/s   download median ${fmt(download.median, 1).padStart(6)} best ${fmt(download.best, 1).padStart(6)} MB/s   connect ${fmt(connect)} ms`,
    );
  }
  console.log('CPU seconds per transfer (medians; server / client):');
  for (const [i, server] of servers.entries()) {
    if (!server.cpuCounted) continue;
    const { cpu } = figures[i];
    console.log(`${server.name.padEnd(30)} upload ${cpu.upload.server.toFixed(2)} / ${cpu.upload.client.toFixed(2)}   download ${cpu.download.server.toFixed(2)} / ${cpu.download.client.toFixed(2)}`);
  }
  const [oursFigures, sshdFigures, ssh2Figures] = figures;
  const ratio = (a, b) => ({ median: a.median / b.median, best: a.best / b.best });
  const vsSshd = { upload: ratio(oursFigures.upload, sshdFigures.upload), download: ratio(oursFigures.download, sshdFigures.download) };
  const vsSftpServer = { upload: ratio(oursFigures.upload, ssh2Figures.upload), download: ratio(oursFigures.download, ssh2Figures.download) };
  const transport = { upload: ratio(ssh2Figures.upload, sshdFigures.upload), download: ratio(ssh2Figures.download, sshdFigures.download) };
  const two = (r) => `${r.median.toFixed(2)} (best ${r.best.toFixed(2)})`;
  console.log(`ssh2 + sftp-server against sshd (the SSH transport): upload ${two(transport.upload)}, download ${two(transport.download)}`);
  console.log(`outpost against ssh2 + sftp-server (the SFTP layer):  upload ${two(vsSftpServer.upload)}, download ${two(vsSftpServer.download)}`);
  await writeFile(
    new URL('./results.json', import.meta.url),
    JSON.stringify({ at: new Date().toISOString(), bytes: SIZE, cipher: CIPHER, rounds: ROUNDS, ours: oursFigures, sshd: sshdFigures, ssh2SftpServer: ssh2Figures, ratio: vsSshd }, null, 2) + '\n',
  );
  const met = vsSshd.upload.median >= TARGET && vsSshd.download.median >= TARGET;
  await report(
    'sftp',
    `upload ${fmt(oursFigures.upload.median, 1)}/${fmt(sshdFigures.upload.median, 1)} MB/s = ${two(vsSshd.upload)}, download ${fmt(oursFigures.download.median, 1)}/${fmt(sshdFigures.download.median, 1)} MB/s = ${two(vsSshd.download)} of OpenSSH sshd (medians)`,
    { met, ratio: vsSshd },
  );
} finally {
  await ours?.close();
  files?.close();
  await ssh2Sftp?.close();
  await sshd?.close();
  await rm(dir, { recursive: true, force: true });
}
