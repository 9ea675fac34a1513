import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@outpost/shared';
import { api } from './client';

export const getConfig = () => api.get<AppConfig>('/api/config');

/** The public app config (brand name, themes, registration switch); changes only with settings. */
export function useConfig() {
  return useQuery({ queryKey: ['config'], queryFn: getConfig, staleTime: 5 * 60_000 });
}
