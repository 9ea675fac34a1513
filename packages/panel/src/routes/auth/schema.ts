import { LoginRequest, NoContent, OtpLoginRequest, RegisterRequest, SessionResponse, responses } from '@outpost/shared';

export const registerSchema = {
  summary:
    'Create an account (when self-registration is on) and sign it in: answers token (also as session) and scopes. A taken username or email answers 409. Limited per client address.',
  tags: ['auth'],
  body: RegisterRequest,
  response: responses({ 200: SessionResponse }),
};

export const loginSchema = {
  summary: 'Sign in; answers otpNeeded when a one-time code must follow',
  tags: ['auth'],
  body: LoginRequest,
  response: responses({ 200: SessionResponse }),
};

export const otpLoginSchema = {
  summary: 'Complete a sign-in with the one-time code, or a recovery code in its place (the answer then tells recoveryCodesLeft)',
  tags: ['auth'],
  body: OtpLoginRequest,
  response: responses({ 200: SessionResponse }),
};

export const reauthSchema = {
  summary: 'Swap the current session for a new one',
  tags: ['auth'],
  response: responses({ 200: SessionResponse }),
};

export const logoutSchema = {
  summary: 'End the current session',
  tags: ['auth'],
  response: responses({ 204: NoContent }),
};
