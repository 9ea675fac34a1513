import type { UserSettingsResponse } from '@outpost/shared';
import { api } from './client';

export const getUserSettings = () => api.get<UserSettingsResponse>('/api/userSettings');
export const putUserSetting = (key: string, value: string) =>
  api.put<unknown>(`/api/userSettings/${encodeURIComponent(key)}`, { value });
