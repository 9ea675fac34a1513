import { constants } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import type Docker from 'dockerode';
import { OutpostError, type DockerEnvironmentConfig, type ServerLimits } from '@outpost/shared';
import type { Environment, ExecutionSpec, ExitInfo, RunningProcess } from './environment.js';
import { connectDocker, dockerAddress, dockerNotSupported, pingDocker, type DockerAddress, type DockerEngineOptions } from './DockerEngine.js';
import { attachContainer } from './DockerAttach.js';
import { buildContainerOptions, containerName } from './DockerContainerOptions.js';
import type { ServerFiles } from '../files/ServerFiles.js';
import { readEngineStats, type CpuSample, type EngineStats } from './DockerStats.js';

export { isDockerAvailable } from './DockerEngine.js';

export interface DockerEnvironmentOptions extends DockerEngineOptions {
  serverId: string;
  /** The server's jail: bindings resolve through it. */
  files: ServerFiles;
  /** The server's limits as applied now (the node's defaults and maximum taken in), read at each start. */
  limits?: () => ServerLimits;
}

/** How long output may trail the container's exit before exited settles anyway. */
const DRAIN_MS = 2000;

/**
 * Runs a server's program in a container of its own (`outpost-<serverId>`), replaced on each
 * start and kept after exit until destroy, as Wings does. Console commands go to the container's
 * stdin; signals, stats and the exit code come from the engine. A node whose engine does not
 * answer refuses with ErrDockerNotSupported.
 */
export function createDockerEnvironment(config: DockerEnvironmentConfig, options: DockerEnvironmentOptions): Environment {
  const name = containerName(options.serverId);

  async function connect(): Promise<{ address: DockerAddress; docker: Docker }> {
    const address = dockerAddress(options);
    const docker = connectDocker(address);
    if (!(await pingDocker(docker))) throw dockerNotSupported();
    return { address, docker };
  }

  return {
    type: 'docker',

    async start(spec: ExecutionSpec, onOutput: (text: string) => void): Promise<RunningProcess> {
      const { address, docker } = await connect();
      const limits = options.limits?.() ?? {};
      const createOptions = await buildContainerOptions(config, spec, options.serverId, options.files, limits);
      await ensureImage(docker, createOptions.Image as string, onOutput);
      await removeContainer(docker, name);
      const container = await docker.createContainer(createOptions).catch(engineFailed('create the container'));
      try {
        return await runContainer(address, container, onOutput, limits.memory);
      } catch (error) {
        await removeContainer(docker, name).catch(() => undefined);
        throw error;
      }
    },

    async destroy(): Promise<void> {
      let docker: Docker;
      try {
        ({ docker } = await connect());
      } catch {
        return; // No engine, so no container of ours is left to remove.
      }
      await removeContainer(docker, name);
    },
  };
}

async function runContainer(
  address: DockerAddress,
  container: Docker.Container,
  onOutput: (text: string) => void,
  memoryLimit?: number,
): Promise<RunningProcess> {
  // One decoder per stream, so a character split across frames still arrives whole.
  const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  const emit = (text: string) => text && onOutput(text);
  const socket = await attachContainer(address, container.id, (stream, chunk) => emit(decoders[stream].write(chunk))).catch(
    engineFailed('attach to the container'),
  );
  const drained = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => socket.destroy());

  try {
    await container.start();
  } catch (error) {
    socket.destroy();
    return engineFailed('start the container')(error);
  }
  const info = await container.inspect().catch(() => undefined);
  let last: CpuSample = { cpuNs: 0, at: Date.parse(info?.State.StartedAt ?? '') || Date.now() };
  let sent: NodeJS.Signals | undefined;

  const exited: Promise<ExitInfo> = container
    .wait()
    .then((result: { StatusCode?: number }) => result.StatusCode ?? null, () => null)
    .then(async (code) => {
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, DRAIN_MS))]);
      socket.destroy();
      emit(decoders.stdout.end());
      emit(decoders.stderr.end());
      // The engine reports death by signal n as 128 + n; name the signal when it was ours.
      const signal = sent && code === 128 + (constants.signals[sent] ?? -1) ? sent : null;
      const oomKilled = memoryLimit && (await container.inspect().catch(() => undefined))?.State.OOMKilled;
      return oomKilled ? { code, signal: 'SIGKILL', outOfMemory: memoryLimit } : { code, signal };
    });

  return {
    pid: info?.State.Pid || undefined,
    write(line: string) {
      if (socket.writable) socket.write(line + '\n');
    },
    signal(signal: NodeJS.Signals) {
      sent = signal;
      // Refused when it has already stopped: nothing left to signal.
      container.kill({ signal }).catch(() => undefined);
    },
    async stats() {
      let answer: EngineStats;
      try {
        answer = (await container.stats({ stream: false })) as EngineStats;
      } catch (error) {
        if (isStatus(error, 404, 409)) return { cpu: 0, memory: 0 }; // stopped or removed meanwhile
        throw error;
      }
      const { figures, sample } = readEngineStats(answer, last);
      last = sample;
      return figures;
    },
    exited,
  };
}

/** Pulls the image when the node lacks it, saying so in the console, as the first start can take a while. */
async function ensureImage(docker: Docker, image: string, onOutput: (text: string) => void): Promise<void> {
  try {
    await docker.getImage(image).inspect();
    return;
  } catch (error) {
    if (!isStatus(error, 404)) return engineFailed(`inspect the image ${image}`)(error);
  }
  onOutput(`Pulling docker image ${image}\n`);
  try {
    const stream = await docker.pull(image);
    // A failed pull still answers 200: the error arrives as a line of the progress stream.
    await new Promise<void>((resolve, reject) =>
      docker.modem.followProgress(stream, (error: Error | null, lines: { error?: string }[] = []) => {
        const failure = error?.message ?? lines.find((line) => line.error)?.error;
        if (failure) reject(new Error(failure));
        else resolve();
      }),
    );
  } catch (error) {
    throw new OutpostError('ErrOperationFailed', `docker image ${image} is not on this node and could not be pulled: ${engineMessage(error)}`, {
      image,
    });
  }
}

async function removeContainer(docker: Docker, name: string): Promise<void> {
  try {
    await docker.getContainer(name).remove({ force: true, v: true });
  } catch (error) {
    if (!isStatus(error, 404)) return engineFailed('remove the old container')(error);
  }
}

function isStatus(error: unknown, ...codes: number[]): boolean {
  return codes.includes((error as { statusCode?: number } | null)?.statusCode ?? 0);
}

function engineMessage(error: unknown): string {
  const json = (error as { json?: { message?: string } } | null)?.json;
  return json?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Wraps an engine failure in the one error class, keeping what the engine said. */
function engineFailed(action: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof OutpostError) throw error;
    throw new OutpostError('ErrOperationFailed', `docker could not ${action}: ${engineMessage(error)}`);
  };
}
