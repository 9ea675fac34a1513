import type { NodeDeployment } from '@outpost/shared';

/** The file `outpost daemon` reads by default, in the folder it starts in. */
export const DAEMON_FILE = 'daemon.json';

/** The deployment as the daemon.json to save on the node: the same keys cli/src/daemon.ts reads. */
export function daemonJson(deployment: NodeDeployment): string {
  return `${JSON.stringify(deployment, null, 2)}\n`;
}

/** The one command that runs the node's daemon with that file (packages/cli/src/daemon.ts takes --config). */
export const daemonCommand = `npx outpost daemon --config ${DAEMON_FILE}`;
