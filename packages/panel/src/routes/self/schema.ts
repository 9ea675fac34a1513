import {
  NoContent,
  NotificationPreferences,
  OtpConfirmRequest,
  OtpDisableParams,
  OtpSetupResponse,
  OtpStatusResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  SelfResponse,
  UpdateSelfRequest,
  responses,
} from '@outpost/shared';

export const getSelfSchema = {
  summary: 'The signed-in account',
  tags: ['self'],
  response: responses({ 200: SelfResponse }),
};

export const updateSelfSchema = {
  summary: 'Change username and/or email, or the password (password + newPassword); needs the current password',
  tags: ['self'],
  body: UpdateSelfRequest,
  response: responses({ 200: SelfResponse }),
};

export const otpStatusSchema = {
  summary: 'Whether two-factor login is on, and while it is, how many unused recovery codes are left',
  tags: ['self'],
  response: responses({ 200: OtpStatusResponse }),
};

export const otpSetupSchema = {
  summary: 'Start two-factor set-up: a new secret and its QR code (PNG data URL)',
  tags: ['self'],
  response: responses({ 200: OtpSetupResponse }),
};

export const otpConfirmSchema = {
  summary: 'Switch two-factor login on with a current code; answers ten single-use recovery codes, shown this once',
  tags: ['self'],
  body: OtpConfirmRequest,
  response: responses({ 200: RecoveryCodesResponse }),
};

export const regenerateRecoveryCodesSchema = {
  summary: 'Replace every recovery code with ten new ones; needs the current password or a current one-time code',
  tags: ['self'],
  body: RegenerateRecoveryCodesRequest,
  response: responses({ 200: RecoveryCodesResponse }),
};

export const otpDisableSchema = {
  summary: 'Switch two-factor login off with a current code; its recovery codes go with it',
  tags: ['self'],
  params: OtpDisableParams,
  response: responses({ 204: NoContent }),
};

export const getNotificationsSchema = {
  summary: 'The events the caller is mailed about (issue 31), none at first',
  tags: ['self'],
  response: responses({ 200: NotificationPreferences }),
};

export const putNotificationsSchema = {
  summary: 'Choose the events the caller is mailed about, for the servers they can see (at most one mail per server and event every 10 minutes)',
  tags: ['self'],
  body: NotificationPreferences,
  response: responses({ 200: NotificationPreferences }),
};
