import { Type } from 'typebox';
import { NoContent, Text, responses } from '../commonSchemas.js';

/** SessionResponse of packages/shared api.ts. */
export const SessionResponse = Type.Object({
  otpNeeded: Type.Optional(Type.Boolean()),
  session: Type.Optional(Type.String()),
  scopes: Type.Optional(Type.Array(Type.String())),
});

export const registerSchema = {
  summary:
    'Create an account (when self-registration is on), then sign in with /auth/login. A taken email answers exactly like a free one and creates nothing; a taken username answers 409. Limited per address.',
  tags: ['auth'],
  body: Type.Object({ username: Text({ maxLength: 64 }), email: Text({ maxLength: 255 }), password: Text() }),
  response: responses({ 200: SessionResponse }),
};

export const loginSchema = {
  summary: 'Sign in; answers otpNeeded when a one-time code must follow',
  tags: ['auth'],
  body: Type.Object({ email: Text({ maxLength: 255 }), password: Text() }),
  response: responses({ 200: SessionResponse }),
};

export const otpLoginSchema = {
  summary: 'Complete a sign-in with the one-time code',
  tags: ['auth'],
  body: Type.Object({ token: Text({ maxLength: 16 }) }),
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
