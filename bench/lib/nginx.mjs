// nginx as the file-transfer baseline: sendfile for GET, WebDAV PUT for uploads, one worker,
// in the foreground from a temporary prefix. Answers null (the caller prints a skip line) when
// Debian's nginx is not installed.
import { spawn } from 'node:child_process';
import { access, chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './outpost.mjs';

export const NGINX = '/usr/sbin/nginx';

export async function startNginx({ cpus } = {}) {
  if (!(await access(NGINX).then(() => true, () => false))) return null;
  const prefix = await mkdtemp(join(tmpdir(), 'outpost-bench-nginx-'));
  const root = join(prefix, 'root');
  await mkdir(join(root, 'up'), { recursive: true });
  await mkdir(join(prefix, 'logs'));
  // Its worker runs as nobody: the upload folder must be writable by it.
  await chmod(prefix, 0o755);
  await chmod(root, 0o777);
  await chmod(join(root, 'up'), 0o777);
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes 1;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_max_body_size 0;
  client_body_temp_path ${root}/up/.tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /up/ { dav_methods PUT; create_full_put_path on; }
  }
}
`,
  );
  const [command, argv] = cpus ? ['taskset', ['-c', cpus, NGINX]] : [NGINX, []];
  const child = spawn(command, [...argv, '-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (c) => (errors += c));
  // Ready when it answers.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
    if (up) break;
    if (i > 200) throw new Error(`nginx did not answer: ${errors}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    root,
    // taskset execs nginx: this is its master, whose worker is its child.
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
