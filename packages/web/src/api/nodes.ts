import { useQuery } from '@tanstack/react-query';
import type { NodeView } from '@outpost/shared';
import { api } from './client';

export const listNodes = () => api.get<NodeView[]>('/api/nodes');

export function useNodes() {
  return useQuery({ queryKey: ['nodes', 'list'], queryFn: listNodes });
}
