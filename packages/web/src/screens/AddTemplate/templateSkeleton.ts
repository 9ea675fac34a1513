import type { Template } from '@outpost/shared';

/**
 * The smallest template the panel accepts, as the add screen's starting text: run.command is
 * the only required field; the empty lists show where install steps and variables go. No id:
 * the panel takes it from the URL. An empty display falls back to the id in the list.
 */
export const templateSkeleton: Template = {
  display: '',
  type: '',
  install: [],
  run: { command: './start.sh', stopCode: 15 },
  data: {},
  environment: { type: 'standard' },
  supportedEnvironments: [{ type: 'standard' }],
};
