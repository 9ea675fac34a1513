// Starts a throwaway Podman API service for the docker environment tests: Podman speaks Docker's
// API, and no Docker daemon runs on these machines. Uses scripts/podman/containers.conf (lower
// ulimits, runc, cgroupfs) and builds a busybox image locally, since no image registry is
// reachable. Tests find it through DOCKER_HOST and OUTPOST_TEST_DOCKER_IMAGE; when Podman or the
// settings are missing it says so and the docker tests skip themselves.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const image = 'localhost/outpost-test:latest';
const none = { env: {}, stop() {} };

function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

function ping(socketPath) {
  return new Promise((done) => {
    const req = request({ socketPath, path: '/_ping', timeout: 2000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

async function waitForService(socketPath, service, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (service.exitCode !== null) return false;
    if (existsSync(socketPath) && (await ping(socketPath))) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** A rootfs with busybox and its applets as links, imported as the test image. */
function buildImage(env, dir) {
  if (spawnSync('podman', ['image', 'exists', image], { env }).status === 0) return true;
  const busybox = ['/bin/busybox', '/usr/bin/busybox'].find((p) => existsSync(p));
  if (!busybox) {
    console.warn('testPodman: busybox-static is not installed; docker tests will be skipped');
    return false;
  }
  const rootfs = join(dir, 'rootfs');
  for (const sub of ['bin', 'tmp', 'etc', 'home/container']) mkdirSync(join(rootfs, sub), { recursive: true });
  copyFileSync(busybox, join(rootfs, 'bin/busybox'));
  const applets = spawnSync(busybox, ['--list'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  for (const applet of applets) if (applet !== 'busybox') symlinkSync('busybox', join(rootfs, 'bin', applet));
  const tarball = join(dir, 'rootfs.tar');
  const tar = spawnSync('tar', ['-C', rootfs, '-cf', tarball, '.']);
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  const imported = spawnSync('podman', ['import', '--change', 'CMD=["/bin/sh"]', tarball, image], { env });
  if (imported.status !== 0) throw new Error(`podman import failed: ${imported.stderr}`);
  return true;
}

/** Starts the service; answers the env the tests need and stop(). */
export async function startTestPodman() {
  if (process.env.DOCKER_HOST && process.env.OUTPOST_TEST_DOCKER_IMAGE) return none;
  if (!which('podman')) {
    console.warn('testPodman: podman is not installed; docker tests will be skipped');
    return none;
  }
  const conf = resolve(root, 'scripts/podman/containers.conf');
  if (!existsSync(conf)) {
    console.warn(`testPodman: ${conf} is missing; docker tests will be skipped`);
    return none;
  }
  const dir = mkdtempSync(join(tmpdir(), 'outpost-podman-'));
  const env = { ...process.env, CONTAINERS_CONF: conf };
  const socketPath = join(dir, 'podman.sock');
  const service = spawn('podman', ['system', 'service', '--time=0', `unix://${socketPath}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  service.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  const stop = async () => {
    if (service.exitCode === null) {
      const gone = new Promise((r) => service.once('exit', r));
      service.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      if (service.exitCode === null) service.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (!(await waitForService(socketPath, service))) {
      console.warn(`testPodman: the podman service did not start; docker tests will be skipped\n${log}`);
      await stop();
      return none;
    }
    if (!buildImage(env, dir)) {
      await stop();
      return none;
    }
  } catch (error) {
    // A broken image build should not take the other tests down with it; say why docker tests skip.
    console.warn(`testPodman: ${error.message}; docker tests will be skipped`);
    await stop();
    return none;
  }
  return {
    env: { DOCKER_HOST: `unix://${socketPath}`, OUTPOST_TEST_DOCKER_IMAGE: image },
    stop,
  };
}
