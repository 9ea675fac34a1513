import { Type, type Static } from 'typebox';
import { ConfirmPassword, Text } from './common.js';

/** GET /api/self, and the answer of PUT /api/self. */
export const SelfResponse = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  otpActive: Type.Boolean(),
  scopes: Type.Array(Type.String()),
  /** The panel requires two-factor login of this user and it is off: only its set-up is open. */
  twoFactorRequired: Type.Optional(Type.Boolean()),
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

/** GET /api/self/otp; `recoveryCodesLeft`, the unused recovery codes, is present while two-factor login is on. */
export const OtpStatusResponse = Type.Object({ otpEnabled: Type.Boolean(), recoveryCodesLeft: Type.Optional(Type.Integer()) });
export type OtpStatusResponse = Static<typeof OtpStatusResponse>;

/** POST /api/self/otp: starts set-up; `img` is a PNG data URL of the QR code. */
export const OtpSetupResponse = Type.Object({ secret: Type.String(), img: Type.String() });
export type OtpSetupResponse = Static<typeof OtpSetupResponse>;

/** PUT /api/self/otp body: confirms set-up with a current code. */
export const OtpConfirmRequest = Type.Object({ token: Text({ maxLength: 16 }) });
export type OtpConfirmRequest = Static<typeof OtpConfirmRequest>;

/**
 * Answer of PUT /api/self/otp (two-factor login now on) and POST /api/self/otp/recovery: ten
 * single-use recovery codes, shown this once (the panel keeps only their hashes).
 */
export const RecoveryCodesResponse = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodesResponse = Static<typeof RecoveryCodesResponse>;

/** POST /api/self/otp/recovery body: the current password or a current one-time code. */
export const RegenerateRecoveryCodesRequest = Type.Object({ password: Type.Optional(Text()), token: Type.Optional(Text({ maxLength: 16 })) });
export type RegenerateRecoveryCodesRequest = Static<typeof RegenerateRecoveryCodesRequest>;

/** DELETE /api/self/otp/{token}: disables two-factor login with a current code. */
export const OtpDisableParams = Type.Object({ token: Text({ maxLength: 16 }) });
