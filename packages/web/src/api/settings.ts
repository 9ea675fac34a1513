import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SettingKeys, type EmailStatusResponse, type SettingResponse, type SettingsRequest, type TestEmailRequest, type TestEmailResponse } from '@outpost/shared';
import { api } from './client';

export type SettingsMap = SettingsRequest;

/** The settings, with the secrets that are stored (their values never come back). */
export interface PanelSettings {
  values: SettingsMap;
  secretsSet: Record<string, boolean>;
}

const allKeys = Object.values(SettingKeys);

/** Every panel setting in one map; each key is its own GET, so they are fetched together. */
export async function getSettings(): Promise<PanelSettings> {
  const answers = await Promise.all(
    allKeys.map((key) => api.get<SettingResponse>(`/api/settings/${encodeURIComponent(key)}`)),
  );
  return {
    values: Object.fromEntries(allKeys.map((key, i) => [key, answers[i]?.value ?? ''])),
    secretsSet: Object.fromEntries(allKeys.map((key, i) => [key, answers[i]?.isSet === true])),
  };
}

export const sendTestEmail = (body: TestEmailRequest) => api.post<TestEmailResponse>('/api/settings/email/test', body);
export const getEmailStatus = () => api.get<EmailStatusResponse>('/api/settings/email/status');

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

export function useSendTestEmail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendTestEmail, onSettled: () => client.invalidateQueries({ queryKey: ['settings', 'emailStatus'] }) });
}

/** The last mail the panel could not send; read again every minute while the settings are open. */
export function useEmailStatus() {
  return useQuery({ queryKey: ['settings', 'emailStatus'], queryFn: getEmailStatus, refetchInterval: 60_000 });
}
