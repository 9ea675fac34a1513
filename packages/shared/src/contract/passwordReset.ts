import { Type, type Static } from 'typebox';
import { ConfirmPassword, Text } from './common.js';

/** POST /auth/password/forgot body: answers 204 whether or not the email has an account. */
export const ForgotPasswordRequest = Type.Object({ email: Text({ maxLength: 255 }) });
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>;

/** POST /auth/password/reset body: the token from the reset mail's link and the new password. */
export const ResetPasswordRequest = Type.Object({ token: Text({ maxLength: 200 }), password: Text(), confirmPassword: ConfirmPassword('password') });
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;
