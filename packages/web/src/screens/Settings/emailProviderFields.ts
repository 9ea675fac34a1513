import { SettingKeys } from '@outpost/shared';

/** Spec section 9: the email providers, each with the settings it uses. */
export const emailProviderFields: Record<string, string[]> = {
  none: [],
  smtp: [SettingKeys.emailFrom, SettingKeys.emailHost, SettingKeys.emailPort, SettingKeys.emailTls, SettingKeys.emailAllowSelfSigned, SettingKeys.emailUsername, SettingKeys.emailPassword],
  mailgun: [SettingKeys.emailFrom, SettingKeys.emailDomain, SettingKeys.emailKey, SettingKeys.emailApiUrl],
  mailjet: [SettingKeys.emailFrom, SettingKeys.emailKey, SettingKeys.emailSecret, SettingKeys.emailApiUrl],
};

export const emailProviders = Object.keys(emailProviderFields);

/** Catalogue key of each setting's label. */
export const settingLabels: Record<string, string> = {
  [SettingKeys.masterUrl]: 'settings.masterUrl',
  [SettingKeys.companyName]: 'settings.companyName',
  [SettingKeys.defaultTheme]: 'settings.defaultTheme',
  [SettingKeys.registrationEnabled]: 'settings.registrationEnabled',
  [SettingKeys.emailProvider]: 'settings.email.provider',
  [SettingKeys.emailFrom]: 'settings.email.from',
  [SettingKeys.emailDomain]: 'settings.email.domain',
  [SettingKeys.emailKey]: 'settings.email.key',
  [SettingKeys.emailHost]: 'settings.email.host',
  [SettingKeys.emailUsername]: 'settings.email.username',
  [SettingKeys.emailPassword]: 'settings.email.password',
  [SettingKeys.emailPort]: 'emailSettings.port',
  [SettingKeys.emailTls]: 'emailSettings.tls',
  [SettingKeys.emailAllowSelfSigned]: 'emailSettings.allowSelfSigned',
  [SettingKeys.emailSecret]: 'emailSettings.secret',
  [SettingKeys.emailApiUrl]: 'emailSettings.apiUrl',
  [SettingKeys.defaultLanguage]: 'emailSettings.defaultLanguage',
  [SettingKeys.allowPrivateTargets]: 'settings.allowPrivateTargets',
  [SettingKeys.requireTwoFactor]: 'settings.requireTwoFactor',
};
