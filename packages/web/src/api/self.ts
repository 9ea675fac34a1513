import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OtpSetupResponse, OtpStatusResponse, RecoveryCodesResponse, RegenerateRecoveryCodesRequest, SelfResponse, UpdateSelfRequest } from '@outpost/shared';
import { api } from './client';

export const getSelf = () => api.get<SelfResponse>('/api/self');
export const updateSelf = (body: UpdateSelfRequest) => api.put<unknown>('/api/self', body);
export const getOtpStatus = () => api.get<OtpStatusResponse>('/api/self/otp');
export const startOtpSetup = () => api.post<OtpSetupResponse>('/api/self/otp');
export const confirmOtp = (token: string) => api.put<RecoveryCodesResponse>('/api/self/otp', { token });
export const regenerateRecoveryCodes = (body: RegenerateRecoveryCodesRequest) => api.post<RecoveryCodesResponse>('/api/self/otp/recovery', body);
export const disableOtp = (token: string) => api.delete<unknown>(`/api/self/otp/${encodeURIComponent(token)}`);

export function useSelf() {
  return useQuery({ queryKey: ['self'], queryFn: getSelf });
}

export function useOtpStatus() {
  return useQuery({ queryKey: ['self', 'otp'], queryFn: getOtpStatus });
}

// Every change to the account reads the account data (and its two-factor status) again.
function useInvalidateSelf() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['self'] });
}

/** PUT /api/self; refreshes the account data once saved. */
export function useUpdateSelf() {
  const invalidate = useInvalidateSelf();
  return useMutation({ mutationFn: updateSelf, onSuccess: invalidate });
}

/** Asks for a new secret and its QR code; nothing changes until a code confirms it. */
export function useStartOtpSetup() {
  return useMutation({ mutationFn: startOtpSetup });
}

/** Enables two-factor login with the first code from the new secret; answers the recovery codes, shown once. */
export function useConfirmOtp() {
  const invalidate = useInvalidateSelf();
  return useMutation({ mutationFn: confirmOtp, onSuccess: () => void invalidate() });
}

/** Disables two-factor login; a current code proves the user still holds the device. */
export function useDisableOtp() {
  const invalidate = useInvalidateSelf();
  return useMutation({ mutationFn: disableOtp, onSuccess: invalidate });
}

/** Replaces every recovery code (the password proves it is the user); refreshes the count left. */
export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidateSelf();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => void invalidate() });
}
