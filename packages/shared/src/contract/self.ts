import { Type, type Static } from 'typebox';
import { ConfirmPassword, Text } from './common.js';

/** GET /api/self, and the answer of PUT /api/self. */
export const SelfResponse = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  otpActive: Type.Boolean(),
  scopes: Type.Array(Type.String()),
});
export type SelfResponse = Static<typeof SelfResponse>;

/** PUT /api/self: username and/or email with the current password, or password + newPassword. */
export const UpdateSelfRequest = Type.Object({
  username: Type.Optional(Text({ maxLength: 64 })),
  email: Type.Optional(Text({ maxLength: 255 })),
  password: Text(),
  newPassword: Type.Optional(Text()),
  confirmPassword: ConfirmPassword('newPassword'),
});
export type UpdateSelfRequest = Static<typeof UpdateSelfRequest>;

/** GET /api/self/otp. */
export const OtpStatusResponse = Type.Object({ otpEnabled: Type.Boolean() });
export type OtpStatusResponse = Static<typeof OtpStatusResponse>;

/** POST /api/self/otp: starts set-up; `img` is a PNG data URL of the QR code. */
export const OtpSetupResponse = Type.Object({ secret: Type.String(), img: Type.String() });
export type OtpSetupResponse = Static<typeof OtpSetupResponse>;

/** PUT /api/self/otp body: confirms set-up with a current code. */
export const OtpConfirmRequest = Type.Object({ token: Text({ maxLength: 16 }) });
export type OtpConfirmRequest = Static<typeof OtpConfirmRequest>;

/** DELETE /api/self/otp/{token}: disables two-factor login with a current code. */
export const OtpDisableParams = Type.Object({ token: Text({ maxLength: 16 }) });
