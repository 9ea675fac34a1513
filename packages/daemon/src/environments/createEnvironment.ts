import { OutpostError } from '@outpost/shared';
import type { EnvironmentConfig } from '@outpost/shared';
import type { Environment } from './environment.js';
import { StandardEnvironment } from './StandardEnvironment.js';
import { TtyEnvironment } from './TtyEnvironment.js';

/** The environment a server's definition asks for (standard when it names none). */
export async function createEnvironment(config: EnvironmentConfig | undefined, serverId: string): Promise<Environment> {
  switch (config?.type ?? 'standard') {
    case 'standard':
      return new StandardEnvironment();
    case 'tty':
      return new TtyEnvironment();
    case 'docker':
      throw new OutpostError('ErrDockerNotSupported', `Docker is not supported on this node (server ${serverId})`);
    default:
      throw new OutpostError('ErrInvalidJson', `unknown environment type ${JSON.stringify(config?.type)}`, { field: 'environment.type' });
  }
}
