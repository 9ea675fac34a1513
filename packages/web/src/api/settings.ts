import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SettingKeys, type SettingResponse, type SettingsRequest } from '@outpost/shared';
import { api } from './client';

export type SettingsMap = SettingsRequest;

const allKeys = Object.values(SettingKeys);

/** Every panel setting in one map; each key is its own GET, so they are fetched together. */
export async function getSettings(): Promise<SettingsMap> {
  const values = await Promise.all(
    allKeys.map((key) => api.get<SettingResponse>(`/api/settings/${encodeURIComponent(key)}`)),
  );
  return Object.fromEntries(allKeys.map((key, i) => [key, values[i]?.value ?? '']));
}

export const saveSettings = (values: SettingsMap) => api.post<unknown>('/api/settings', values);

/** `enabled: false` for a caller the panel would refuse (settings need admin). */
export function useSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['settings'], queryFn: getSettings, enabled: options.enabled ?? true });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['settings'] });
      void client.invalidateQueries({ queryKey: ['config'] });
    },
  });
}
