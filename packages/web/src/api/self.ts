import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OtpSetupResponse, OtpStatusResponse, SelfResponse, UpdateSelfRequest } from '@outpost/shared';
import { api } from './client';

export const getSelf = () => api.get<SelfResponse>('/api/self');
export const updateSelf = (body: UpdateSelfRequest) => api.put<unknown>('/api/self', body);
export const getOtpStatus = () => api.get<OtpStatusResponse>('/api/self/otp');
export const startOtpSetup = () => api.post<OtpSetupResponse>('/api/self/otp');
export const confirmOtp = (token: string) => api.put<unknown>('/api/self/otp', { token });
export const disableOtp = (token: string) => api.delete<unknown>(`/api/self/otp/${encodeURIComponent(token)}`);

export function useSelf() {
  return useQuery({ queryKey: ['self'], queryFn: getSelf });
}

export function useOtpStatus() {
  return useQuery({ queryKey: ['self', 'otp'], queryFn: getOtpStatus });
}

/** PUT /api/self; refreshes the account data once saved. */
export function useUpdateSelf() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateSelf, onSuccess: () => client.invalidateQueries({ queryKey: ['self'] }) });
}
