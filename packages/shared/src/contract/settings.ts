import { Type, type Static } from 'typebox';
import { MapOf, Text } from './common.js';

/** Panel setting keys; secrets are answered as an empty string when set, never in clear. */
export const SettingKeys = {
  masterUrl: 'panel.settings.masterUrl',
  companyName: 'panel.settings.companyName',
  defaultTheme: 'panel.settings.defaultTheme',
  registrationEnabled: 'panel.registrationEnabled',
  emailProvider: 'panel.email.provider',
  emailFrom: 'panel.email.from',
  emailDomain: 'panel.email.domain',
  emailKey: 'panel.email.key',
  emailHost: 'panel.email.host',
  emailUsername: 'panel.email.username',
  emailPassword: 'panel.email.password',
  /** SMTP port; empty means the port in host:port, else 465 for implicit TLS and 587 otherwise. */
  emailPort: 'panel.email.port',
  /** SMTP encryption: implicit (TLS from the first byte), starttls (upgrade, required) or none. */
  emailTls: 'panel.email.tls',
  /** "true" accepts an SMTP server's self-signed certificate. */
  emailAllowSelfSigned: 'panel.email.allowSelfSigned',
  /** Mailjet's secret key (the API key is emailKey). */
  emailSecret: 'panel.email.secret',
  /** Base URL of the Mailgun or Mailjet API; empty means the provider's public one (EU accounts of Mailgun use https://api.eu.mailgun.net). */
  emailApiUrl: 'panel.email.apiUrl',
  /** The language of mails to users who have not chosen one. */
  defaultLanguage: 'panel.settings.language',
  /** URL of a template repository (an index.json listing ids, one <id>.json each) besides the shipped one. */
  templatesRepository: 'panel.templates.repository',
  /**
   * Private address ranges (comma-separated CIDR, empty by default) that fetches the panel makes
   * for a user may reach: template repositories and the local node's downloads. Others refuse
   * loopback, link-local, RFC 1918, unique-local and CGNAT addresses.
   */
  allowPrivateTargets: 'panel.security.allowPrivateTargets',
  /**
   * Who must use two-factor login (twoFactorRequirements): `off` (the default), `admins` (holders
   * of an administrator-like scope, see the panel's twoFactorRequired.ts) or `everyone`. A session
   * of someone who must and has none may only set it up.
   */
  requireTwoFactor: 'panel.security.requireTwoFactor',
} as const;

/** Values of SettingKeys.requireTwoFactor. */
export const twoFactorRequirements = ['off', 'admins', 'everyone'] as const;

export const secretSettingKeys: readonly string[] = [SettingKeys.emailKey, SettingKeys.emailPassword, SettingKeys.emailSecret];

/**
 * Settings only an administrator may change: where mail goes and the panel's address, which
 * reset and invitation links carry. With both, a settings editor could read the admin's reset link.
 */
export const adminSettingKeys: readonly string[] = [
  SettingKeys.masterUrl,
  SettingKeys.emailProvider,
  SettingKeys.emailFrom,
  SettingKeys.emailDomain,
  SettingKeys.emailKey,
  SettingKeys.emailHost,
  SettingKeys.emailUsername,
  SettingKeys.emailPassword,
  SettingKeys.emailPort,
  SettingKeys.emailTls,
  SettingKeys.emailAllowSelfSigned,
  SettingKeys.emailSecret,
  SettingKeys.emailApiUrl,
  // Opens the panel's network to fetches a user can aim (template repositories, download steps).
  SettingKeys.allowPrivateTargets,
  // Who may sign in with a password alone.
  SettingKeys.requireTwoFactor,
];

/**
 * SMTP encryption choices (SettingKeys.emailTls). `auto`, the default and all a spec client can set,
 * uses STARTTLS when offered and requires it except for a relay on the panel's own machine.
 */
export const emailTlsModes = ['auto', 'implicit', 'starttls', 'none'] as const;

const SettingValue = Type.String({ maxLength: 4096 });

/** `{key}` of /api/settings/{key}. */
export const SettingParams = Type.Object({ key: Text({ maxLength: 100 }) });

/** GET /api/settings/{key}; a secret answers value "" and `isSet`, whether one is stored. */
export const SettingResponse = Type.Object({ value: Type.String(), isSet: Type.Optional(Type.Boolean()) });
export type SettingResponse = Static<typeof SettingResponse>;

/** PUT /api/settings/{key} body. */
export const SettingRequest = Type.Object({ value: SettingValue });

/** POST /api/settings body: a map of key to value, saved all or none. */
export const SettingsRequest = MapOf(SettingValue, { maxProperties: 50 });
export type SettingsRequest = Static<typeof SettingsRequest>;

/** POST /api/settings/email/test body: where to send the test mail; the caller's own email when absent. */
export const TestEmailRequest = Type.Object({ to: Type.Optional(Text({ maxLength: 254 })) });
export type TestEmailRequest = Static<typeof TestEmailRequest>;

/** POST /api/settings/email/test answer: the address the provider accepted the mail for. */
export const TestEmailResponse = Type.Object({ to: Type.String() });
export type TestEmailResponse = Static<typeof TestEmailResponse>;

/** GET /api/settings/email/status: the last mail that could not be sent (none since the panel started, or since one went through). */
export const EmailStatusResponse = Type.Object({
  lastFailure: Type.Optional(
    Type.Object({
      /** Epoch milliseconds. */
      at: Type.Number(),
      /** Which mail: invitation, passwordReset, ... */
      kind: Type.String(),
      /** The provider's error message. */
      msg: Type.String(),
    }),
  ),
});
export type EmailStatusResponse = Static<typeof EmailStatusResponse>;
