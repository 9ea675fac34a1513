import { NoContent, SettingParams, SettingRequest, SettingResponse, SettingsRequest, responses } from '@outpost/shared';

export const getSettingSchema = {
  summary: 'One panel setting; secrets answer ""',
  tags: ['settings'],
  params: SettingParams,
  response: responses({ 200: SettingResponse }),
};

export const putSettingSchema = {
  summary: 'Change one panel setting; "" for a secret keeps the stored one',
  tags: ['settings'],
  params: SettingParams,
  body: SettingRequest,
  response: responses({ 204: NoContent }),
};

export const postSettingsSchema = {
  summary: 'Change several panel settings at once (all or none)',
  tags: ['settings'],
  body: SettingsRequest,
  response: responses({ 204: NoContent }),
};
