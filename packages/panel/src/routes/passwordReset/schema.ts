import { ForgotPasswordRequest, NoContent, ResetPasswordRequest, responses } from '@outpost/shared';

export const forgotPasswordSchema = {
  summary:
    'Mail a password-reset link valid for one hour, if the email has an account; answers 204 alike for every email. Limited per client address and per email.',
  tags: ['auth'],
  body: ForgotPasswordRequest,
  response: responses({ 204: NoContent }),
};

export const resetPasswordSchema = {
  summary: "Choose a new password with a reset link's token (once); ends every session of the account",
  tags: ['auth'],
  body: ResetPasswordRequest,
  response: responses({ 204: NoContent }),
};
