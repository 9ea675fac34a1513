import { EmailStatusResponse, NoContent, SettingParams, SettingRequest, SettingResponse, SettingsRequest, TestEmailRequest, TestEmailResponse, responses } from '@outpost/shared';

export const getSettingSchema = {
  summary: 'One panel setting; a secret answers "" and isSet',
  tags: ['settings'],
  params: SettingParams,
  response: responses({ 200: SettingResponse }),
};

export const putSettingSchema = {
  summary: 'Change one panel setting; "" for a secret keeps the stored one; mail delivery and the master URL need the admin scope',
  tags: ['settings'],
  params: SettingParams,
  body: SettingRequest,
  response: responses({ 204: NoContent }),
};

export const postSettingsSchema = {
  summary: 'Change several panel settings at once (all or none); mail delivery and the master URL need the admin scope unless sent unchanged',
  tags: ['settings'],
  body: SettingsRequest,
  response: responses({ 204: NoContent }),
};

export const testEmailSchema = {
  summary: 'Send a test mail now (to the caller unless `to` is given); answers the provider\'s error on failure',
  tags: ['settings'],
  body: TestEmailRequest,
  response: responses({ 200: TestEmailResponse }),
};

export const emailStatusSchema = {
  summary: 'The last mail the panel could not send, if any',
  tags: ['settings'],
  response: responses({ 200: EmailStatusResponse }),
};
