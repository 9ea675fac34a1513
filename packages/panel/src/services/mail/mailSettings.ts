import { OutpostError, SettingKeys, type emailTlsModes } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';
import { readSetting } from '../panelSettings.js';

export type TlsMode = (typeof emailTlsModes)[number];

export interface SmtpSettings {
  provider: 'smtp';
  from: string;
  host: string;
  port: number;
  tls: TlsMode;
  allowSelfSigned: boolean;
  username: string;
  password: string;
}

export interface MailgunSettings {
  provider: 'mailgun';
  from: string;
  domain: string;
  key: string;
  apiUrl: string;
}

export interface MailjetSettings {
  provider: 'mailjet';
  from: string;
  key: string;
  secret: string;
  apiUrl: string;
}

export type MailSettings = { provider: 'none' } | SmtpSettings | MailgunSettings | MailjetSettings;

const notConfigured = (setting?: string) =>
  setting
    ? new OutpostError('ErrSettingNotConfigured', `${setting} is not configured`, { setting })
    : new OutpostError('ErrEmailNotConfigured', 'email not configured');

/** Splits "host:port" (or "[v6]:port"); the port is undefined when none is written. */
function splitHost(value: string): { host: string; port?: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(value.trim());
  if (!match) return { host: value.trim() };
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

/**
 * The provider and its settings as mail is sent with them. Throws ErrEmailNotConfigured when the
 * provider is none, and ErrSettingNotConfigured naming the first missing field otherwise.
 */
export async function readMailSettings(repo: Repositories): Promise<Exclude<MailSettings, { provider: 'none' }>> {
  const read = (key: string) => readSetting(repo, key);
  const required = async (key: string) => {
    const value = (await read(key)).trim();
    if (!value) throw notConfigured(key);
    return value;
  };
  const provider = await read(SettingKeys.emailProvider);
  if (provider === 'smtp') {
    const { host, port: written } = splitHost(await required(SettingKeys.emailHost));
    const tls = ((await read(SettingKeys.emailTls)) || 'auto') as TlsMode;
    const portSetting = await read(SettingKeys.emailPort);
    return {
      provider,
      from: await required(SettingKeys.emailFrom),
      host,
      port: portSetting ? Number(portSetting) : (written ?? (tls === 'implicit' ? 465 : 587)),
      tls,
      allowSelfSigned: (await read(SettingKeys.emailAllowSelfSigned)) === 'true',
      username: await read(SettingKeys.emailUsername),
      password: await read(SettingKeys.emailPassword),
    };
  }
  if (provider === 'mailgun') {
    return {
      provider,
      from: await required(SettingKeys.emailFrom),
      domain: await required(SettingKeys.emailDomain),
      key: await required(SettingKeys.emailKey),
      apiUrl: (await read(SettingKeys.emailApiUrl)) || 'https://api.mailgun.net',
    };
  }
  if (provider === 'mailjet') {
    return {
      provider,
      from: await required(SettingKeys.emailFrom),
      key: await required(SettingKeys.emailKey),
      secret: await required(SettingKeys.emailSecret),
      apiUrl: (await read(SettingKeys.emailApiUrl)) || 'https://api.mailjet.com',
    };
  }
  throw notConfigured();
}

/** Whether mail can go out at all: a provider other than none is chosen. */
export async function isMailConfigured(repo: Repositories): Promise<boolean> {
  return (await readSetting(repo, SettingKeys.emailProvider)) !== 'none';
}
