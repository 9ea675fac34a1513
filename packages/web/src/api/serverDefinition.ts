import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerDefinition, ServerLimits } from '@outpost/shared';
import { api } from './client';
import { proxyBase } from './serverProxy';

export const getDefinition = (id: string) => api.get<ServerDefinition>(`${proxyBase(id)}/definition`);
export const putDefinition = (id: string, definition: ServerDefinition) => api.post<unknown>(`${proxyBase(id)}/definition`, definition);
/** Makes the daemon read the server's definition and data again. */
export const reloadServer = (id: string) => api.post<unknown>(`${proxyBase(id)}/reload`);

export type RunFlag = 'autostart' | 'autorestart' | 'autorecover';

const definitionKey = (id: string) => ['servers', 'definition', id];

/** The server's definition, for admins only (the daemon refuses everyone else). */
export function useServerDefinition(id: string, enabled: boolean) {
  return useQuery({ queryKey: definitionKey(id), queryFn: () => getDefinition(id), enabled });
}

function useInvalidateDefinition(id: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: definitionKey(id) });
}

/** Writes a whole definition, then reloads so the daemon runs it. */
export function useSaveDefinition(id: string) {
  const invalidate = useInvalidateDefinition(id);
  return useMutation({
    mutationFn: async (definition: ServerDefinition) => {
      await putDefinition(id, definition);
      await reloadServer(id);
    },
    onSuccess: () => void invalidate(),
  });
}

/**
 * Spec section 4: a run flag is set on a freshly read definition, written back and reloaded,
 * so it never overwrites another edit with stale data.
 */
export function useSetRunFlag(id: string) {
  const invalidate = useInvalidateDefinition(id);
  return useMutation({
    mutationFn: async ({ flag, on }: { flag: RunFlag; on: boolean }) => {
      const current = await getDefinition(id);
      await putDefinition(id, { ...current, run: { ...current.run, [flag]: on } });
      await reloadServer(id);
    },
    // Awaited, so the switches stay disabled until they show the saved state.
    onSuccess: invalidate,
  });
}

/** Sets the server's limits on a freshly read definition, as a run flag is set; none set leaves the key out. */
export function useSaveLimits(id: string) {
  const invalidate = useInvalidateDefinition(id);
  return useMutation({
    mutationFn: async (limits: ServerLimits) => {
      const { limits: _old, ...current } = await getDefinition(id);
      await putDefinition(id, Object.keys(limits).length ? { ...current, limits } : current);
      await reloadServer(id);
    },
    onSuccess: invalidate,
  });
}

/** Reload alone: the definition may have been changed on the node. */
export function useReloadServer(id: string) {
  const invalidate = useInvalidateDefinition(id);
  return useMutation({ mutationFn: () => reloadServer(id), onSuccess: () => void invalidate() });
}
