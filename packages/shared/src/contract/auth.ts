import { Type, type Static } from 'typebox';
import { Text } from './common.js';

/** POST /auth/register body. */
export const RegisterRequest = Type.Object({ username: Text({ maxLength: 64 }), email: Text({ maxLength: 255 }), password: Text() });
export type RegisterRequest = Static<typeof RegisterRequest>;

/** POST /auth/login body. */
export const LoginRequest = Type.Object({ email: Text({ maxLength: 255 }), password: Text() });
export type LoginRequest = Static<typeof LoginRequest>;

/** POST /auth/otp body: the six-digit code. */
export const OtpLoginRequest = Type.Object({ token: Text({ maxLength: 16 }) });
export type OtpLoginRequest = Static<typeof OtpLoginRequest>;

/**
 * Answer of POST /auth/login, /auth/register, /auth/otp and /auth/reauth. Register answers `{}`
 * (no session, whether or not the email was free): the client signs in with /auth/login next.
 * With two-factor on, login answers `{ otpNeeded: true }` only; the session then comes from /auth/otp.
 * The session token is also set as the `outpost_session` cookie (HttpOnly, SameSite=Strict,
 * Secure on https); API clients send it back as `Authorization: Bearer <session>`.
 */
export const SessionResponse = Type.Object({
  otpNeeded: Type.Optional(Type.Boolean()),
  session: Type.Optional(Type.String()),
  scopes: Type.Optional(Type.Array(Type.String())),
});
export type SessionResponse = Static<typeof SessionResponse>;
