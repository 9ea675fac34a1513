import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserSettingsResponse } from '@outpost/shared';
import { api } from './client';

export const getUserSettings = () => api.get<UserSettingsResponse>('/api/userSettings');
export const putUserSetting = (key: string, value: string) =>
  api.put<unknown>(`/api/userSettings/${encodeURIComponent(key)}`, { value });

/** The choices saved on the account; under ['self'], so they are forgotten on logout. */
export function useUserSettings(enabled: boolean) {
  return useQuery({ queryKey: ['self', 'settings'], queryFn: getUserSettings, enabled });
}

/**
 * Saves one choice. The cached settings are not read back: the choice is already in force
 * here, and a read racing a second quick change could bring the first one back.
 */
export function usePutUserSetting() {
  return useMutation({ mutationFn: ({ key, value }: { key: string; value: string }) => putUserSetting(key, value) });
}
