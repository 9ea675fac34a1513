import type { LoginRequest, OtpLoginRequest, SessionResponse } from '@outpost/shared';
import { api } from './client';

// The sign-in page's calls, apart from auth.ts: that file's hooks bring the query cache's code,
// which the sign-in page draws without.
export const login = (body: LoginRequest) => api.post<SessionResponse>('/auth/login', body);
export const submitOtp = (body: OtpLoginRequest) => api.post<SessionResponse>('/auth/otp', body);
