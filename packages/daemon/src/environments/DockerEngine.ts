import Docker from 'dockerode';
import { OutpostError } from '@outpost/shared';

/** Where the engine listens: a unix socket or a plain-HTTP TCP address. */
export type DockerAddress = { socketPath: string } | { host: string; port: number };

export interface DockerEngineOptions {
  /** unix:///path or tcp://host:port; defaults to the DOCKER_HOST variable. */
  dockerHost?: string;
  /** A unix socket path; wins over dockerHost. */
  socketPath?: string;
}

export const DEFAULT_DOCKER_SOCKET = '/var/run/docker.sock';

/** Reads the engine address from the options, then DOCKER_HOST, then the usual socket. */
export function dockerAddress(options: DockerEngineOptions = {}): DockerAddress {
  if (options.socketPath) return { socketPath: options.socketPath };
  const host = options.dockerHost ?? process.env.DOCKER_HOST;
  if (!host) return { socketPath: DEFAULT_DOCKER_SOCKET };
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  if (host.startsWith('tcp://') || host.startsWith('http://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 2375) };
  }
  if (host.startsWith('/')) return { socketPath: host };
  // TLS (DOCKER_TLS_VERIFY) and ssh:// engines are not wired: the raw attach speaks plain HTTP.
  throw new OutpostError('ErrDockerNotSupported', `Docker is not supported on this node: unsupported DOCKER_HOST ${host}`);
}

/** A client for the address; pingDocker bounds how long a dead engine can hold up a start. */
export function connectDocker(address: DockerAddress): Docker {
  return 'socketPath' in address
    ? new Docker({ socketPath: address.socketPath })
    : new Docker({ host: address.host, port: address.port, protocol: 'http' });
}

/** True when the engine answers its ping within the time limit. */
export async function pingDocker(docker: Docker, timeoutMs = 5000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([docker.ping().then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this node can run docker servers; never throws. */
export async function isDockerAvailable(options: DockerEngineOptions = {}): Promise<boolean> {
  try {
    return await pingDocker(connectDocker(dockerAddress(options)));
  } catch {
    return false;
  }
}

export function dockerNotSupported(): OutpostError {
  return new OutpostError('ErrDockerNotSupported', 'Docker is not supported on this node');
}
