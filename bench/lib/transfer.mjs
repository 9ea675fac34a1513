// Timed HTTP transfers for the file benchmarks, sent by curl: a Node client caps near 450-550 MB/s
// on this machine and would measure itself (issue 36). A download goes to /dev/null, an upload is
// `-T` (raw PUT or tus PATCH) or `-F` (one multipart/form-data file part, as a browser's form).
// curl inherits the caller's CPU pinning. Each answers MB/s from curl's own total time.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';

/** Runs curl with `args`; answers the status, total seconds, bytes received, the body it wrote to stdout and the Location header. */
function curl(args) {
  return new Promise((resolve, reject) => {
    // `Expect:` off: no 100-continue round trip before the body, for ours and nginx alike.
    const child = spawn('curl', ['-sS', '-H', 'Expect:', '-w', '\n%{json}\n%header{location}', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      const cut = out.lastIndexOf('\n{');
      if (code !== 0 || cut < 0) return reject(new Error(`curl ${args.join(' ')}: exit ${code} ${err}`));
      const [json, location] = out.slice(cut + 1).split('\n');
      const info = JSON.parse(json);
      resolve({ status: info.http_code, seconds: info.time_total, downloaded: info.size_download, body: out.slice(0, cut), location });
    });
  });
}

const headerArgs = (headers) => Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);

function checked(what, result, expect) {
  if (result.status !== expect) throw new Error(`${what}: ${result.status} ${result.body.slice(0, 300)}`);
  return result;
}

/** GETs `url` into /dev/null; answers MB/s (checks the length). */
export async function download(url, { headers = {}, size }) {
  const result = checked(`GET ${url}`, await curl(['-o', '/dev/null', ...headerArgs(headers), url]), 200);
  if (size !== undefined && result.downloaded !== size) throw new Error(`GET ${url}: ${result.downloaded} bytes, expected ${size}`);
  return result.downloaded / 1e6 / result.seconds;
}

/** PUTs `file` to `url`: the raw body (`curl -T`), or with `field` one multipart part (`curl -F field=@file`). Answers MB/s. */
export async function upload(url, file, { headers = {}, field } = {}) {
  const { size } = await stat(file);
  const body = field ? ['-X', 'PUT', '-F', `${field}=@${file};type=application/octet-stream`] : ['-T', file];
  const result = await curl([...body, '-o', '-', ...headerArgs(headers), url]);
  if (result.status >= 300) throw new Error(`PUT ${url}: ${result.status} ${result.body.slice(0, 300)}`);
  return size / 1e6 / result.seconds;
}

/**
 * A tus 1.0.0 upload of `file` to `path` through `endpoint` (the creation URL): the creation POST
 * (Upload-Length, Upload-Metadata with the path in base64), then the whole file in one PATCH
 * (`curl -X PATCH -T`). Answers MB/s over both requests.
 */
export async function tusUpload(endpoint, file, path, { headers = {} } = {}) {
  const { size } = await stat(file);
  const tus = { 'tus-resumable': '1.0.0', ...headers };
  const created = checked(`POST ${endpoint}`, await curl(['-X', 'POST', '-o', '-', ...headerArgs({ ...tus, 'upload-length': size, 'upload-metadata': `path ${Buffer.from(path).toString('base64')}` }), endpoint]), 201);
  const target = new URL(created.location, endpoint).href;
  const patch = await curl(['-X', 'PATCH', '-T', file, '-o', '-', ...headerArgs({ ...tus, 'upload-offset': 0, 'content-type': 'application/offset+octet-stream' }), target]);
  checked(`PATCH ${target}`, patch, 204);
  return size / 1e6 / (created.seconds + patch.seconds);
}


/** The fields of /proc/<pid>/stat after the command name (index 0 is the state), or null once it is gone. */
function procStat(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user and system, every thread) used so far by the processes `pids` and their
 * descendants (the panel's file jail children, nginx's worker): a figure the machine's other load
 * does not move as much as a speed, read before and after a transfer.
 */
export function cpuSeconds(pids) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(procStat(entry)?.[1]);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
  }
  let ticks = 0;
  const add = (pid) => {
    const fields = procStat(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
    for (const child of children.get(pid) ?? []) add(child);
  };
  for (const pid of pids) add(pid);
  // USER_HZ is 100 on Linux.
  return ticks / 100;
}

/** Wraps a transfer so it answers its MB/s and the CPU seconds `pids` spent meanwhile. */
export function withCpu(pids, transfer) {
  return async () => {
    const before = cpuSeconds(pids);
    const value = await transfer();
    return { value, cpu: cpuSeconds(pids) - before };
  };
}
