import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupStorage, BackupStorageState, NodeDeployment, NodeRequest, NodeView, SecretRotation } from '@outpost/shared';
import { api } from './client';

/** How often the node list and page ask again: the panel's own health check runs every 5 s. */
const NODE_REFRESH_MS = 5000;

const path = (id: number) => `/api/nodes/${id}`;

export const listNodes = () => api.get<NodeView[]>('/api/nodes');
export const getNode = (id: number) => api.get<NodeView>(path(id));
export const createNode = (node: NodeRequest) => api.post<NodeView>('/api/nodes', node);
export const updateNode = (id: number, node: NodeRequest) => api.put<unknown>(path(id), node);
export const deleteNode = (id: number) => api.delete<unknown>(path(id));
export const getDeployment = (id: number) => api.get<NodeDeployment>(`${path(id)}/deployment`);
export const rotateSecret = (id: number) => api.post<SecretRotation>(`${path(id)}/secret`);
/** Has the node try the storage (`backups`, else the one saved): whether it could reach it and write there. */
export const testBackupStorage = (id: number, backups?: BackupStorage) => api.post<BackupStorageState>(`${path(id)}/backups/test`, backups ? { backups } : {});

/** `live` refreshes the online states; `enabled: false` for a user without nodes.view, whose call would be refused. */
export function useNodes(options: { live?: boolean; enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['nodes', 'list'], queryFn: listNodes, enabled: options.enabled ?? true, refetchInterval: options.live ? NODE_REFRESH_MS : false });
}

export function useNode(id: number) {
  return useQuery({ queryKey: ['nodes', 'one', id], queryFn: () => getNode(id), enabled: Number.isInteger(id) && id > 0, refetchInterval: NODE_REFRESH_MS });
}

/** The deployment holds the node's secret: fetched only once asked for, and never kept after. */
export function useDeployment(id: number, enabled: boolean) {
  return useQuery({ queryKey: ['nodes', 'deployment', id], queryFn: () => getDeployment(id), enabled, gcTime: 0, staleTime: Infinity });
}

function useInvalidateNodes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['nodes'] });
}

export function useCreateNode() {
  const invalidate = useInvalidateNodes();
  return useMutation({ mutationFn: createNode, onSuccess: () => void invalidate() });
}

export function useUpdateNode(id: number) {
  const invalidate = useInvalidateNodes();
  return useMutation({ mutationFn: (node: NodeRequest) => updateNode(id, node), onSuccess: invalidate });
}

export function useDeleteNode(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteNode(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['nodes', 'one', id] });
      return client.invalidateQueries({ queryKey: ['nodes', 'list'] });
    },
  });
}

export function useRotateSecret(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rotateSecret(id),
    // A deployment fetched before holds the old secret now; the screen shows the answer instead.
    onSuccess: () => client.removeQueries({ queryKey: ['nodes', 'deployment', id] }),
  });
}

/** The node's answer about a backup storage it was asked to try; nothing is saved. */
export function useTestBackupStorage(id: number) {
  return useMutation({ mutationFn: (backups?: BackupStorage) => testBackupStorage(id, backups) });
}
