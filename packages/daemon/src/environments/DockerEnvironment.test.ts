import { chown, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DockerEnvironmentConfig } from '@outpost/shared';
import type { Environment, ExecutionSpec, RunningProcess } from './environment.js';
import { createDockerEnvironment, isDockerAvailable } from './DockerEnvironment.js';
import { connectDocker, dockerAddress } from './DockerEngine.js';
import { containerName } from './DockerContainerOptions.js';
import { ServerFiles } from '../files/ServerFiles.js';

// A real engine: scripts/testPodman.mjs starts Podman's Docker API and builds a busybox image.
const dockerHost = process.env.DOCKER_HOST;
const image = process.env.OUTPOST_TEST_DOCKER_IMAGE ?? 'localhost/outpost-test:latest';
const skipReason = dockerHost ? '' : ' (skipped: DOCKER_HOST is not set; npm test starts Podman for it)';

describe('docker environment without an engine', () => {
  const missing = { socketPath: join(tmpdir(), `outpost-no-engine-${process.pid}.sock`) };

  it('refuses to start with ErrDockerNotSupported', async () => {
    const environment = createDockerEnvironment({ type: 'docker' }, { serverId: 'deadbeef', files: new ServerFiles(tmpdir()), ...missing });
    const spec = { command: 'sh', args: [], cwd: tmpdir(), serverRoot: tmpdir(), env: {} };
    await expect(environment.start(spec, () => undefined)).rejects.toMatchObject({
      code: 'ErrDockerNotSupported',
      message: 'Docker is not supported on this node',
    });
  });

  it('reports docker as unavailable', async () => {
    expect(await isDockerAvailable(missing)).toBe(false);
    expect(await isDockerAvailable({ dockerHost: 'tcp://127.0.0.1:1' })).toBe(false);
  });
});

describe.skipIf(!dockerHost)(`docker environment on a real engine${skipReason}`, () => {
  let root: string;
  let serverId: string;
  let files: ServerFiles;
  let environment: Environment | undefined;
  let output: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'outpost-docker-'));
    serverId = randomBytes(4).toString('hex');
    files = new ServerFiles(root);
    output = '';
  });

  afterEach(async () => {
    await environment?.destroy?.();
    environment = undefined;
    files.close();
    await rm(root, { recursive: true, force: true });
  });

  function config(extra: Partial<DockerEnvironmentConfig> = {}): DockerEnvironmentConfig {
    return { type: 'docker', image, networkMode: 'none', ...extra };
  }

  async function run(script: string, extra: Partial<DockerEnvironmentConfig> = {}, spec: Partial<ExecutionSpec> = {}) {
    environment = createDockerEnvironment(config(extra), { serverId, dockerHost, files });
    const full: ExecutionSpec = { command: 'sh', args: ['-c', script], cwd: root, serverRoot: root, env: {}, ...spec };
    return environment.start(full, (text) => (output += text));
  }

  const waitForOutput = (text: string) => vi.waitFor(() => expect(output).toContain(text), { timeout: 10_000 });

  const echoLoop = 'echo ready; while read line; do echo "got: $line"; done';

  it('shows console output and answers a console command', async () => {
    const process = await run(echoLoop);
    await waitForOutput('ready\n');
    process.write('say hello');
    await waitForOutput('got: say hello\n');
    expect(process.pid).toBeGreaterThan(0);
    process.signal('SIGKILL');
    await process.exited;
  });

  it("keeps stderr output and passes the template's environment, not the daemon's", async () => {
    const daemonEnv = globalThis.process.env as Record<string, string>;
    const env = { ...daemonEnv, PATH: `/outpost-test/bin:${daemonEnv.PATH}`, GREETING: 'hi there' };
    const process = await run('echo "$GREETING" >&2; echo "$PATH"', {}, { env });
    expect(await process.exited).toEqual({ code: 0, signal: null });
    // A changed PATH goes in as the template set it; inherited variables stay out.
    // stdout and stderr travel apart, so only each line's presence is certain.
    expect(output).toContain('hi there\n');
    expect(output).toContain(`/outpost-test/bin:${daemonEnv.PATH}\n`);
  });

  it("leaves the daemon's own variables out of the container", async () => {
    const marker = 'OUTPOST_DOCKER_TEST_MARKER';
    globalThis.process.env[marker] = 'from the daemon';
    try {
      const env = { ...(globalThis.process.env as Record<string, string>) };
      const process = await run(`echo "[\${${marker}:-}]"; echo "$PATH"`, {}, { env });
      await process.exited;
      expect(output.split('\n')[0]).toBe('[]');
      expect(output).not.toContain('node_modules');
    } finally {
      delete globalThis.process.env[marker];
    }
  });

  it("runs as the server's own user when it has one, and cannot read the daemon's files", async () => {
    const user = { uid: 900_321, gid: 900_321 };
    await chown(root, user.uid, user.gid);
    await writeFile(join(root, 'root-only.txt'), 'root secret', { mode: 0o600 });
    const process = await run('id -u; id -g; cat root-only.txt || echo refused; echo made > made.txt', {}, { user });
    expect(await process.exited).toEqual({ code: 0, signal: null });
    expect(output).toMatch(/^900321\n900321\n/);
    expect(output).toContain('refused\n');
    expect(output).not.toContain('root secret');
    expect((await stat(join(root, 'made.txt'))).uid).toBe(user.uid);
  });

  it('reports memory in use and a CPU figure', async () => {
    const process = await run(echoLoop);
    await waitForOutput('ready\n');
    const stats = await process.stats();
    expect(stats.memory).toBeGreaterThan(0);
    expect(stats.cpu).toBeGreaterThanOrEqual(0);
    process.signal('SIGKILL');
    await process.exited;
  });

  it('measures a busy program near one core', async () => {
    const process = await run('echo ready; while :; do :; done');
    await waitForOutput('ready\n');
    await process.stats();
    // Two shared cores: a busy loop gets anywhere from a slice to all of one. Samples are polled
    // half a second apart, so each covers at least that much of the loop.
    await vi.waitFor(
      async () => {
        const stats = await process.stats();
        expect(stats.cpu).toBeGreaterThan(10);
        expect(stats.cpu).toBeLessThan(150);
      },
      { timeout: 10_000, interval: 500 },
    );
    process.signal('SIGKILL');
    await process.exited;
    expect(await process.stats()).toEqual({ cpu: 0, memory: 0 });
  });

  it('publishes a port on a bridge network', async (context) => {
    const port = await freePort();
    await writeFile(join(root, 'index.html'), 'hello through the port\n');
    let process: RunningProcess;
    try {
      process = await run('', { networkMode: 'bridge', portBindings: [`127.0.0.1:${port}:8080/tcp`] }, {
        command: 'httpd',
        args: ['-f', '-p', '8080', '-h', root],
      });
    } catch (error) {
      // CI installs podman without recommends; an engine without bridge networking is not our bug.
      const message = (error as Error).message;
      if (/network|iptables|netavark|cni/i.test(message)) return context.skip(`no bridge networking here: ${message}`);
      throw error;
    }
    try {
      // httpd listens a moment after the container starts: asked until it answers.
      const answer = await vi.waitUntil(() => fetch(`http://127.0.0.1:${port}/index.html`).then((res) => res.text(), () => ''), { timeout: 10_000, interval: 100 });
      expect(answer).toBe('hello through the port\n');
    } finally {
      process.signal('SIGKILL');
      await process.exited;
    }
  });

  it('mounts the server folder, in its working directory, with host paths mapped', async () => {
    await mkdir(join(root, 'game'));
    await writeFile(join(root, 'input.txt'), 'from the host\n');
    const script = `pwd; cat "$1"; echo made by the container > made.txt`;
    const process = await run(script, {}, { args: ['-c', script, 'sh', join(root, 'input.txt')], cwd: join(root, 'game') });
    expect((await process.exited).code).toBe(0);
    expect(output).toBe('/home/container/game\nfrom the host\n');
    expect(await readFile(join(root, 'game', 'made.txt'), 'utf8')).toBe('made by the container\n');
  });

  it('mounts a binding that lies inside the server folder', async () => {
    const process = await run('echo bound > /data/file.txt', { bindings: { 'shared/data': '/data' } });
    expect((await process.exited).code).toBe(0);
    expect(await readFile(join(root, 'shared/data/file.txt'), 'utf8')).toBe('bound\n');
  });

  it.each([['/etc'], ['../'], ['link-out']])('refuses a binding from %s, outside the server folder', async (hostPath) => {
    await symlink(tmpdir(), join(root, 'link-out'));
    await expect(run('true', { bindings: { [hostPath]: '/mnt' } })).rejects.toMatchObject({
      code: 'ErrPathOutsideServer',
      message: `docker binding ${hostPath} is outside the server folder`,
    });
  });

  it('says so when the image is missing and cannot be pulled', async () => {
    const missingImage = 'localhost/outpost-missing-image:latest';
    await expect(run('true', { image: missingImage })).rejects.toMatchObject({
      code: 'ErrOperationFailed',
      message: expect.stringContaining(`docker image ${missingImage} is not on this node and could not be pulled`),
    });
    expect(output).toBe(`Pulling docker image ${missingImage}\n`);
  });

  it('refuses a bad port binding before creating anything', async () => {
    await expect(run('true', { portBindings: ['{ip}:99999:25565/tcp'] })).rejects.toMatchObject({
      code: 'ErrOperationFailed',
      message: expect.stringContaining('invalid docker port binding "{ip}:99999:25565/tcp"'),
    });
  });

  it('stops on a signal and reports the exit code', async () => {
    const process = await run(`trap 'echo stopping; exit 3' TERM; echo ready; while :; do sleep 1 & wait $!; done`);
    await waitForOutput('ready\n');
    process.signal('SIGTERM');
    expect(await process.exited).toEqual({ code: 3, signal: null });
    expect(output).toContain('stopping\n');
  });

  it('names the signal when killed', async () => {
    const process: RunningProcess = await run(echoLoop);
    await waitForOutput('ready\n');
    process.signal('SIGKILL');
    expect(await process.exited).toEqual({ code: 137, signal: 'SIGKILL' });
  });

  it('replaces the container on each start and removes it on destroy', async () => {
    const docker = connectDocker(dockerAddress({ dockerHost }));
    const first = await run('exit 0');
    await first.exited;
    const second = await run('exit 0');
    await second.exited;
    const info = await docker.getContainer(containerName(serverId)).inspect();
    expect(info.Config.Labels['outpost.server']).toBe(serverId);
    await environment!.destroy!();
    await expect(docker.getContainer(containerName(serverId)).inspect()).rejects.toMatchObject({ statusCode: 404 });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
