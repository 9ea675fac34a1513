import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@outpost/shared';
import { api } from './client';

export const forgotPassword = (body: ForgotPasswordRequest) => api.post<unknown>('/auth/password/forgot', body);
export const resetPassword = (body: ResetPasswordRequest) => api.post<unknown>('/auth/password/reset', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
