import { NoContent, UserSettingParams, UserSettingRequest, UserSettingsResponse, responses } from '@outpost/shared';

export const listUserSettingsSchema = {
  summary: "The caller's own settings (dark, preferredTheme)",
  tags: ['self'],
  response: responses({ 200: UserSettingsResponse }),
};

export const putUserSettingSchema = {
  summary: "Change one of the caller's own settings",
  tags: ['self'],
  params: UserSettingParams,
  body: UserSettingRequest,
  response: responses({ 204: NoContent }),
};
