import { useQuery } from '@tanstack/react-query';
import type { NodeView } from '@outpost/shared';
import { api } from './client';

export const listNodes = () => api.get<NodeView[]>('/api/nodes');

/** `enabled: false` for a user without nodes.view, whose call would be refused. */
export function useNodes(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['nodes', 'list'], queryFn: listNodes, enabled: options.enabled ?? true });
}
