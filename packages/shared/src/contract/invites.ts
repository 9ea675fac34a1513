import { Type, type Static } from 'typebox';
import { ConfirmPassword, Text } from './common.js';

/**
 * GET /auth/invite/{token}: the token from the invitation mail's link (/auth/invite?token=...,
 * the web app's screen, which asks this call who the invitation is for).
 */
export const InviteParams = Type.Object({ token: Text({ maxLength: 200 }) });

/** GET /auth/invite/{token} answer: who was invited, to which server, so the screen can say so. */
export const InviteResponse = Type.Object({ email: Type.String(), serverName: Type.String() });
export type InviteResponse = Static<typeof InviteResponse>;

/** POST /auth/invite body: accept an invitation, creating the account; answers a SessionResponse. */
export const AcceptInviteRequest = Type.Object({ token: Text({ maxLength: 200 }), username: Text({ maxLength: 64 }), password: Text(), confirmPassword: ConfirmPassword('password') });
export type AcceptInviteRequest = Static<typeof AcceptInviteRequest>;
