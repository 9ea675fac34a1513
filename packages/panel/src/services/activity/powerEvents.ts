import type { ActivityEventName, PowerAction } from '@outpost/shared';

/** The event each power action asked of a node emits. */
export const powerEvents = {
  start: 'server.started',
  stop: 'server.stopped',
  kill: 'server.killed',
  restart: 'server.restarted',
  install: 'server.install.started',
} as const satisfies Record<PowerAction, ActivityEventName>;
