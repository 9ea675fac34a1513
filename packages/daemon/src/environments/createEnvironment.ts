import { OutpostError } from '@outpost/shared';
import type { EnvironmentConfig } from '@outpost/shared';
import { createDockerEnvironment } from './DockerEnvironment.js';
import type { DockerEngineOptions } from './DockerEngine.js';
import type { Environment } from './environment.js';
import type { ServerFiles } from '../files/ServerFiles.js';
import type { Confinement } from '../limits/NodeLimits.js';
import { StandardEnvironment } from './StandardEnvironment.js';
import { TtyEnvironment } from './TtyEnvironment.js';

/** The environment a server's definition asks for (standard when it names none), confined to its limits. */
export async function createEnvironment(
  config: EnvironmentConfig | undefined,
  serverId: string,
  files: ServerFiles,
  docker: DockerEngineOptions = {},
  confinement?: Confinement,
): Promise<Environment> {
  switch (config?.type ?? 'standard') {
    case 'standard':
      return new StandardEnvironment(confinement);
    case 'tty':
      return new TtyEnvironment(confinement);
    case 'docker':
      return createDockerEnvironment(config as Extract<EnvironmentConfig, { type: 'docker' }>, { ...docker, serverId, files, limits: confinement?.limits });
    default:
      throw new OutpostError('ErrInvalidJson', `unknown environment type ${JSON.stringify(config?.type)}`, { field: 'environment.type' });
  }
}
