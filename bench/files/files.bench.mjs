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
import { download, tusUpload, upload } from '../lib/transfer.mjs';

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

  const downloads = await alternate(
    {
      ours: () => get(local),
      remote: () => get(away),
      ...(nginx ? { nginx: () => download(`${nginx.url}/big.bin`, { size: SIZE }) } : {}),
    },
    { rounds },
  );
  const uploads = await alternate(
    {
      multipart: () => put(local),
      tus: () => tus(local),
      remoteMultipart: () => put(away),
      remoteTus: () => tus(away),
      ...(nginx ? { nginx: () => upload(`${nginx.url}/up/big.bin`, big) } : {}),
    },
    { rounds },
  );
  const median = (result) => percentile(result.runs.map((run) => run.value), 50);
  for (const [what, results] of [['download', downloads], ['upload', uploads]]) {
    for (const [name, result] of Object.entries(results)) console.log(`${what.padEnd(8)} ${name.padEnd(15)} ${fmt(median(result))} MB/s (median of ${result.runs.length}; best ${fmt(result.best.value)})`);
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
  const met = Boolean(nginx) && d.ours / d.nginx >= 0.9 && u.multipart / u.nginx >= 0.6 && u.tus / u.nginx >= 0.6;
  await report('files', parts.join('; '), { met, downloads: d, uploads: u });
} finally {
  await outpost.stop();
  await nginx?.stop();
  await rm(work, { recursive: true, force: true });
}
