// Docker servers get the same limits as the container's, with no capabilities and no-new-privileges,
// read back from the engine (Podman's Docker API; scripts/testPodman.mjs starts it for npm test).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDockerEnvironment } from '../environments/DockerEnvironment.js';
import { connectDocker, dockerAddress } from '../environments/DockerEngine.js';
import { containerName } from '../environments/DockerContainerOptions.js';
import type { Environment } from '../environments/environment.js';
import { ServerFiles } from '../files/ServerFiles.js';

const dockerHost = process.env.DOCKER_HOST;
const image = process.env.OUTPOST_TEST_DOCKER_IMAGE ?? 'localhost/outpost-test:latest';
const skipReason = dockerHost ? '' : ' (skipped: DOCKER_HOST is not set; npm test starts Podman for it)';

describe.skipIf(!dockerHost)(`limits of a docker server${skipReason}`, () => {
  let root: string | undefined;
  let files: ServerFiles | undefined;
  let environment: Environment | undefined;
  afterEach(async () => {
    await environment?.destroy?.();
    files?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('are the container\'s Memory, NanoCpus and PidsLimit, with CapDrop ALL and no-new-privileges', async () => {
    root = await mkdtemp(join(tmpdir(), 'outpost-docker-limits-'));
    files = new ServerFiles(root);
    const serverId = randomBytes(4).toString('hex');
    environment = createDockerEnvironment(
      { type: 'docker', image, networkMode: 'none' },
      { serverId, dockerHost, files, limits: () => ({ memory: 128, cpu: 150, processes: 64 }) },
    );
    let output = '';
    const program = await environment.start(
      { command: 'sh', args: ['-c', "grep -E '^(NoNewPrivs|CapEff|CapBnd):' /proc/self/status; echo ready; sleep 30"], cwd: root, serverRoot: root, env: {} },
      (text) => (output += text),
    );
    await vi.waitFor(() => expect(output).toContain('ready'), { timeout: 15_000 });
    const docker = connectDocker(dockerAddress({ dockerHost }));
    const { HostConfig } = await docker.getContainer(containerName(serverId)).inspect();
    expect(HostConfig).toMatchObject({ Memory: 128 * 1024 * 1024, NanoCpus: 1_500_000_000, PidsLimit: 64 });
    expect(HostConfig.SecurityOpt).toContain('no-new-privileges');
    // Docker keeps ALL as asked; Podman answers the capabilities it dropped, one by one.
    const dropped = (HostConfig.CapDrop ?? []).map((cap) => cap.toUpperCase().replace(/^CAP_/, ''));
    expect(dropped.includes('ALL') || (dropped.includes('CHOWN') && dropped.includes('SETUID') && dropped.includes('NET_RAW'))).toBe(true);
    // What the program itself sees.
    expect(output).toMatch(/NoNewPrivs:\s+1/);
    expect(output).toMatch(/CapEff:\s+0000000000000000/);
    expect(output).toMatch(/CapBnd:\s+0000000000000000/);
    program.signal('SIGKILL');
    await program.exited;
  });
});
