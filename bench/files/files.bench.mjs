// A 200 MB download and a 200 MB multipart upload through the panel's file route, beside nginx
// (sendfile for the download, WebDAV PUT for the upload), in the same run; both again through
// the panel to a remote node (an `outpost daemon` child process on loopback) beside the local
// node. `npm run bench:files` (builds first).
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, fmt, report } from '../lib/measure.mjs';
import { startNginx } from '../lib/nginx.mjs';
import { addRemoteNode, createServers, startOutpost } from '../lib/outpost.mjs';
import { download, upload } from '../lib/transfer.mjs';

const SIZE = Number(process.env.BENCH_FILE_MB || 200) * 1e6;
const serverCpu = availableParallelism() >= 2 ? '1' : undefined;

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
  const get = (id) => download(fileUrl(id), { headers: outpost.headers, size: SIZE });
  await put(local);
  await put(away);
  if (nginx) await copyFile(big, join(nginx.root, 'big.bin'));

  const downloads = await alternate({
    ours: () => get(local),
    remote: () => get(away),
    ...(nginx ? { nginx: () => download(`${nginx.url}/big.bin`, { size: SIZE }) } : {}),
  });
  const uploads = await alternate({
    ours: () => put(local),
    remote: () => put(away),
    ...(nginx ? { nginx: () => upload(`${nginx.url}/up/big.bin`, big) } : {}),
  });
  for (const [what, results] of [['download', downloads], ['upload', uploads]]) {
    for (const [name, { best }] of Object.entries(results)) console.log(`${what.padEnd(8)} ${name.padEnd(7)} ${fmt(best.value)} MB/s (best of ${results[name].runs.length})`);
  }
  const mbs = (n) => fmt(n);
  const d = downloads;
  const u = uploads;
  const parts = [];
  if (nginx) {
    parts.push(`download ${mbs(d.ours.best.value)}/${mbs(d.nginx.best.value)} MB/s = ${(d.ours.best.value / d.nginx.best.value).toFixed(2)}`);
    parts.push(`upload ${mbs(u.ours.best.value)}/${mbs(u.nginx.best.value)} MB/s = ${(u.ours.best.value / u.nginx.best.value).toFixed(2)} of nginx`);
  } else {
    console.log('files: nginx baseline skipped: /usr/sbin/nginx is missing (apt-get install -y nginx)');
  }
  parts.push(`remote/local download ${mbs(d.remote.best.value)}/${mbs(d.ours.best.value)} = ${(d.remote.best.value / d.ours.best.value).toFixed(2)}`);
  parts.push(`upload ${mbs(u.remote.best.value)}/${mbs(u.ours.best.value)} = ${(u.remote.best.value / u.ours.best.value).toFixed(2)}`);
  await report('files', parts.join('; '), {
    met: Boolean(nginx) && d.ours.best.value / d.nginx.best.value >= 0.6 && u.ours.best.value / u.nginx.best.value >= 0.5, downloads: Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.best.value])), uploads: Object.fromEntries(Object.entries(u).map(([k, v]) => [k, v.best.value])) });
} finally {
  await outpost.stop();
  await nginx?.stop();
  await rm(work, { recursive: true, force: true });
}
