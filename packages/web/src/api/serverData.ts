import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerDataRequest, ServerDataResponse } from '@outpost/shared';
import { api } from './client';
import { proxyBase } from './serverProxy';

export const getServerData = (id: string) => api.get<ServerDataResponse>(`${proxyBase(id)}/data`);
export const putServerData = (id: string, data: ServerDataRequest['data']) => api.post<unknown>(`${proxyBase(id)}/data`, { data });

const dataKey = (id: string) => ['servers', 'data', id];

/** The server's variables with their current values. */
export function useServerData(id: string) {
  return useQuery({ queryKey: dataKey(id), queryFn: () => getServerData(id) });
}

export function useSaveServerData(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Record<string, unknown>) => putServerData(id, data),
    onSuccess: () => void client.invalidateQueries({ queryKey: dataKey(id) }),
  });
}
