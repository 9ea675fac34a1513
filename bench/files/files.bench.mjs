// A 200 MB download and a 200 MB upload through the panel, beside nginx (sendfile for the
// download, WebDAV PUT for the upload), in the same run; the upload both as the spec's multipart PUT
// and as a tus upload (creation, then one PATCH); all again through the panel to a remote node (an
// `outpost daemon` child process on loopback) beside the local node. `npm run bench:files` (builds
// first). curl sends and receives every transfer (bench/lib/transfer.mjs), pinned to the other core
// (it inherits this process's pinning). Every contender takes 6 turns (BENCH_ROUNDS), and the ratios
// compare medians: one lucky or unlucky turn on a shared machine moves a best-of figure by 2x either
// way, for ours and nginx alike.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, fmt, percentile, report } from '../lib/measure.mjs';
import { startNginx } from '../lib/nginx.mjs';
import { addRemoteNode, createServers, pinThisProcess, startOutpost } from '../lib/outpost.mjs';
import { download, tusUpload, upload, withCpu } from '../lib/transfer.mjs';

const SIZE = Number(process.env.BENCH_FILE_MB || 200) * 1e6;
const serverCpu = availableParallelism() >= 2 ? '1' : undefined;
// The same client for both sides, on its own core, so it never takes turns with the server it measures.
if (serverCpu) pinThisProcess('0');
const rounds = Number(process.env.BENCH_ROUNDS || 6);

const work = await mkdtemp(join(tmpdir(), 'outpost-bench-files-'));
const big = join(work, 'big.bin');
// Random bytes, so nothing along the way can compress them.
const out = createWriteStream(big);
const hash = createHash('sha256');
for (let written = 0; written < SIZE; written += 1e6) {
  const chunk = randomBytes(Math.min(1e6, SIZE - written));
  hash.update(chunk);
  if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
}
await new Promise((r) => out.end(r));

const nginx = await startNginx({ cpus: serverCpu });
const outpost = await startOutpost({ cpus: serverCpu });
try {
  const remote = await addRemoteNode(outpost, { cpus: serverCpu });
  const [local] = await createServers(outpost, 1, { prefix: 'files local' });
  const [away] = await createServers(outpost, 1, { prefix: 'files remote', node: remote.id });
  const fileUrl = (id) => `${outpost.url}/proxy/daemon/server/${id}/file/big.bin`;
  const put = (id) => upload(fileUrl(id), big, { headers: outpost.headers, field: 'file' });
  const tus = (id) => tusUpload(`${outpost.url}/api/servers/${id}/uploads`, big, 'big.bin', { headers: outpost.headers });
  const get = (id) => download(fileUrl(id), { headers: outpost.headers, size: SIZE });
  // One untimed turn of each kind first: the first 200 MB through a fresh process runs cold code.
  for (const id of [local, away]) {
    await put(id);
    await tus(id);
  }
  if (nginx) {
    await copyFile(big, join(nginx.root, 'big.bin'));
    await upload(`${nginx.url}/up/big.bin`, big);
  }

  // Each turn also counts the CPU seconds of the serving processes (the panel with its file jail,
  // and the remote node's daemon; nginx's master and worker): a figure the machine's other load
  // moves less than a speed.
  const [ours, both] = [[outpost.pid], [outpost.pid, remote.pid]];
  const downloads = await alternate(
    {
      ours: withCpu(ours, () => get(local)),
      remote: withCpu(both, () => get(away)),
      ...(nginx ? { nginx: withCpu([nginx.pid], () => download(`${nginx.url}/big.bin`, { size: SIZE })) } : {}),
    },
    { rounds },
  );
  const uploads = await alternate(
    {
      multipart: withCpu(ours, () => put(local)),
      tus: withCpu(ours, () => tus(local)),
      remoteMultipart: withCpu(both, () => put(away)),
      remoteTus: withCpu(both, () => tus(away)),
      ...(nginx ? { nginx: withCpu([nginx.pid], () => upload(`${nginx.url}/up/big.bin`, big)) } : {}),
    },
    { rounds },
  );
  const median = (result) => percentile(result.runs.map((run) => run.value), 50);
  const cpu = (result) => percentile(result.runs.map((run) => run.cpu), 50);
  for (const [what, results] of [['download', downloads], ['upload', uploads]]) {
    for (const [name, result] of Object.entries(results)) console.log(`${what.padEnd(8)} ${name.padEnd(15)} ${fmt(median(result))} MB/s (median of ${result.runs.length}; best ${fmt(result.best.value)}), ${fmt(cpu(result), 2)} CPU s`);
  }
  const mbs = (n) => fmt(n);
  const ratio = (a, b) => `${mbs(a)}/${mbs(b)} = ${(a / b).toFixed(2)}`;
  const d = Object.fromEntries(Object.entries(downloads).map(([name, result]) => [name, median(result)]));
  const u = Object.fromEntries(Object.entries(uploads).map(([name, result]) => [name, median(result)]));
  const parts = [];
  if (nginx) {
    parts.push(`download ${mbs(d.ours)}/${mbs(d.nginx)} MB/s = ${(d.ours / d.nginx).toFixed(2)}`);
    parts.push(`upload multipart ${ratio(u.multipart, u.nginx)}, tus ${ratio(u.tus, u.nginx)} of nginx`);
  } else {
    console.log('files: nginx baseline skipped: /usr/sbin/nginx is missing (apt-get install -y nginx-light)');
  }
  parts.push(`remote/local download ${ratio(d.remote, d.ours)}, upload multipart ${ratio(u.remoteMultipart, u.multipart)}, tus ${ratio(u.remoteTus, u.tus)}`);
  if (nginx) parts.push(`CPU s per upload multipart ${fmt(cpu(uploads.multipart), 2)}, tus ${fmt(cpu(uploads.tus), 2)}, nginx ${fmt(cpu(uploads.nginx), 2)}`);
  const met = Boolean(nginx) && d.ours / d.nginx >= 0.9 && u.multipart / u.nginx >= 0.6 && u.tus / u.nginx >= 0.6;
  const cpus = Object.fromEntries([...Object.entries(downloads).map(([name, result]) => [`download ${name}`, cpu(result)]), ...Object.entries(uploads).map(([name, result]) => [`upload ${name}`, cpu(result)])]);
  await report('files', parts.join('; '), { met, downloads: d, uploads: u, cpuSeconds: cpus });
} finally {
  await outpost.stop();
  await nginx?.stop();
  await rm(work, { recursive: true, force: true });
}
