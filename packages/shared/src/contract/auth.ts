import { Type, type Static } from 'typebox';
import { ConfirmPassword, Text } from './common.js';

/** POST /auth/register body. */
export const RegisterRequest = Type.Object({ username: Text({ maxLength: 64 }), email: Text({ maxLength: 255 }), password: Text(), confirmPassword: ConfirmPassword('password') });
export type RegisterRequest = Static<typeof RegisterRequest>;

/** POST /auth/login body. */
export const LoginRequest = Type.Object({ email: Text({ maxLength: 255 }), password: Text() });
export type LoginRequest = Static<typeof LoginRequest>;

/**
 * POST /auth/otp body: the six-digit code or, in the same field, a recovery code (`xxxx-xxxx-xxxx-xxxx`,
 * hyphens and case optional), and the login's `ticket` from a client that keeps no cookies (the
 * browser sends it as the pending-login cookie instead).
 */
export const OtpLoginRequest = Type.Object({ token: Text({ maxLength: 32 }), ticket: Type.Optional(Text({ maxLength: 200 })) });
export type OtpLoginRequest = Static<typeof OtpLoginRequest>;

/**
 * Answer of POST /auth/login, /auth/register, /auth/otp and /auth/reauth. Register answers the
 * spec's `token` and `scopes`, and the same token as `session` like the others.
 * With two-factor on, login answers `{ otpNeeded: true, ticket }` only (the ticket is also set as
 * a cookie for /auth); the session then comes from /auth/otp.
 * The session token is also set as the `outpost_session` cookie (HttpOnly, SameSite=Strict,
 * Secure on https); API clients send it back as `Authorization: Bearer <session>`.
 */
export const SessionResponse = Type.Object({
  otpNeeded: Type.Optional(Type.Boolean()),
  ticket: Type.Optional(Type.String()),
  session: Type.Optional(Type.String()),
  token: Type.Optional(Type.String()),
  scopes: Type.Optional(Type.Array(Type.String())),
  /**
   * True when the panel requires two-factor login of this user and it is off: until it is set
   * up, every call but the set-up's answers 403 ErrTwoFactorRequired.
   */
  twoFactorRequired: Type.Optional(Type.Boolean()),
  /** After a sign-in with a recovery code: how many unused codes the account has left. */
  recoveryCodesLeft: Type.Optional(Type.Integer()),
});
export type SessionResponse = Static<typeof SessionResponse>;
