import { isAbsolute, posix, resolve } from 'node:path';
import type Docker from 'dockerode';
import { DEFAULT_DOCKER_IMAGE, DEFAULT_NETWORK_MODE, OutpostError, type DockerEnvironmentConfig, type ServerLimits } from '@outpost/shared';
import type { ExecutionSpec } from './environment.js';
import { isInside } from '../files/resolveInside.js';
import type { ServerFiles } from '../files/ServerFiles.js';
import { toDockerPorts } from './DockerPortBindings.js';

/** Where the server folder appears inside every container (Wings' convention). */
export const CONTAINER_ROOT = '/home/container';

/** The engine's name for a server's container; one per server, replaced on each start. */
export function containerName(serverId: string): string {
  return `outpost-${serverId}`;
}

/**
 * The container for one run: the server folder mounted at CONTAINER_ROOT, the working directory
 * and any server-folder paths in the command or environment mapped to it, stdin kept open for
 * console commands. Only the spec's fields reach the engine, so a template cannot ask for
 * privileges, devices or host mounts; the server's limits bound it, with no capabilities and
 * no-new-privileges, as the other environments.
 */
export async function buildContainerOptions(
  config: DockerEnvironmentConfig,
  spec: ExecutionSpec,
  serverId: string,
  files: ServerFiles,
  limits: ServerLimits = {},
): Promise<Docker.ContainerCreateOptions> {
  const root = await files.jail.realRoot();
  const toContainer = pathMapper([spec.serverRoot, root]);
  const mounts = [
    { Type: 'bind' as const, Source: root, Target: CONTAINER_ROOT },
    ...(await resolveBindings(files, config.bindings ?? {})),
  ];
  const ports = toDockerPorts(config.portBindings);
  return {
    name: containerName(serverId),
    Image: config.image || DEFAULT_DOCKER_IMAGE,
    Cmd: [spec.command, ...spec.args].map(toContainer),
    WorkingDir: toContainer(spec.cwd),
    Env: containerEnv(spec.env).map(([key, value]) => `${key}=${toContainer(value)}`),
    // The server's own user when it has one (a root daemon), else the daemon's: files the program
    // writes belong to whoever the file manager acts as for this server.
    User: spec.user ? `${spec.user.uid}:${spec.user.gid}` : process.getuid && process.getgid ? `${process.getuid()}:${process.getgid()}` : undefined,
    Labels: { 'outpost.server': serverId },
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    OpenStdin: true,
    StdinOnce: false,
    // No TTY: output arrives multiplexed and stdout stays apart from stderr, as in the standard environment.
    Tty: false,
    ExposedPorts: ports.ExposedPorts,
    HostConfig: {
      Mounts: mounts,
      NetworkMode: networkMode(config),
      PortBindings: ports.PortBindings,
      ...containerLimits(limits),
      SecurityOpt: ['no-new-privileges'],
      CapDrop: ['ALL'],
    },
  };
}

const MIB = 1024 * 1024;

/** The engine's names for the limits (0 there, as here, is unlimited); memory with no swap beyond it. */
export function containerLimits(limits: ServerLimits): Pick<Docker.HostConfig, 'Memory' | 'MemorySwap' | 'NanoCpus' | 'PidsLimit'> {
  return {
    ...(limits.memory ? { Memory: limits.memory * MIB, MemorySwap: limits.memory * MIB } : {}),
    ...(limits.cpu ? { NanoCpus: limits.cpu * 10_000_000 } : {}),
    ...(limits.processes ? { PidsLimit: limits.processes } : {}),
  };
}

/** The engine's NetworkMode: host and none as they are; the others run on a named network. */
export function networkMode(config: DockerEnvironmentConfig): string {
  const mode = config.networkMode ?? DEFAULT_NETWORK_MODE;
  if (mode === 'host' || mode === 'none') return mode;
  if (config.networkName) return config.networkName;
  if (mode === 'bridge') return 'bridge';
  throw new OutpostError('ErrFieldRequired', `docker network mode ${mode} needs a network name`, { field: 'networkName' });
}

/**
 * Each binding's host path must lie inside the server folder, links included: a relative path is
 * taken from the server folder, an absolute one must already point inside it. The server's jail
 * resolves each (missing folders made, as docker does for -v) and answers where it really is.
 */
export async function resolveBindings(files: ServerFiles, bindings: Record<string, string>) {
  const mounts: { Type: 'bind'; Source: string; Target: string }[] = [];
  for (const [hostPath, containerPath] of Object.entries(bindings)) {
    if (isAbsolute(hostPath) && !isInside(files.root, resolve(hostPath)) && !isInside(await files.jail.realRoot(), resolve(hostPath))) throw outside(hostPath);
    if (!posix.isAbsolute(containerPath) || posix.normalize(containerPath) === '/') {
      throw new OutpostError('ErrOperationFailed', `docker binding target must be an absolute path below /: ${containerPath}`, {
        field: 'bindings',
        value: containerPath,
      });
    }
    let source: string;
    try {
      source = await files.folder(await files.pathOf(hostPath));
    } catch (error) {
      throw error instanceof OutpostError && error.code === 'ErrPathOutsideServer' ? outside(hostPath) : error;
    }
    mounts.push({ Type: 'bind', Source: source, Target: posix.normalize(containerPath) });
  }
  return mounts;
}

/**
 * The spec's environment starts from the daemon's own (PATH, HOME, ...), which is right for a
 * host process but wrong in a container: the host's PATH hides the image's, and the host's
 * variables are none of the container's business. Only what the template set or changed goes in.
 */
export function containerEnv(env: Record<string, string>): [string, string][] {
  return Object.entries(env).filter(([key, value]) => process.env[key] !== value);
}

/** Rewrites host paths of the server folder (as given, or resolved) to the container's. */
function pathMapper(roots: string[]): (text: string) => string {
  const unique = [...new Set(roots)].filter((root) => root.length > 1).sort((a, b) => b.length - a.length);
  if (unique.length === 0) return (text) => text;
  const escaped = unique.map((root) => root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // A root counts only as a whole path segment: /srv/a must not rewrite /srv/ab.
  const pattern = new RegExp(`(?:${escaped.join('|')})(?=/|$|[^\\w.-])`, 'g');
  return (text) => text.replace(pattern, CONTAINER_ROOT);
}

function outside(hostPath: string): OutpostError {
  return new OutpostError('ErrPathOutsideServer', `docker binding ${hostPath} is outside the server folder`, {
    path: hostPath,
  });
}
