import { OutpostError, SettingKeys, emailTlsModes, isLocale, secretSettingKeys, twoFactorRequirements } from '@outpost/shared';
import { parseAllowedTargets } from '@outpost/daemon';
import type { Repositories } from '../db/repositories.js';

const knownKeys: readonly string[] = Object.values(SettingKeys);
const emailProviders = ['none', 'smtp', 'mailgun', 'mailjet'];

/** What a setting reads as before anyone saved it. */
const defaults: Record<string, string> = {
  [SettingKeys.companyName]: 'Outpost',
  [SettingKeys.defaultTheme]: 'outpost',
  [SettingKeys.registrationEnabled]: 'true',
  [SettingKeys.emailProvider]: 'none',
  [SettingKeys.emailTls]: 'auto',
  [SettingKeys.emailAllowSelfSigned]: 'false',
  [SettingKeys.defaultLanguage]: 'en_US',
  [SettingKeys.requireTwoFactor]: 'off',
};

export function assertKnownSetting(key: string): void {
  if (!knownKeys.includes(key)) throw new OutpostError('ErrNotFound', `no setting named ${key}`, { key }, 404);
}

/** A setting's stored value or its default, with no masking: for the panel's own use. */
export async function readSetting(repo: Repositories, key: string): Promise<string> {
  return (await repo.settings.get(key)) ?? defaults[key] ?? '';
}

/** A setting as the API answers it: a secret comes back as "" with whether one is stored, never in clear. */
export async function presentSetting(repo: Repositories, key: string): Promise<{ value: string; isSet?: boolean }> {
  assertKnownSetting(key);
  if (secretSettingKeys.includes(key)) return { value: '', isSet: Boolean(await repo.settings.get(key)) };
  return { value: await readSetting(repo, key) };
}

/** Parses a master URL into the host and port others reach the panel (and the local node) at. */
export function parseMasterUrl(value: string): { host: string; port: number } | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!url.hostname) return undefined;
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
  } catch {
    return undefined;
  }
}

function assertValid(key: string, value: string): void {
  assertKnownSetting(key);
  if (value.length > 4096) throw new OutpostError('ErrFieldTooLarge', 'cannot be larger than 4096', { field: key, max: 4096 });
  if ((key === SettingKeys.registrationEnabled || key === SettingKeys.emailAllowSelfSigned) && value !== 'true' && value !== 'false') {
    throw new OutpostError('ErrFieldRequired', `${key} must be true or false`, { field: key });
  }
  if (key === SettingKeys.emailTls && !(emailTlsModes as readonly string[]).includes(value)) {
    throw new OutpostError('ErrFieldRequired', `${key} must be one of ${emailTlsModes.join(', ')}`, { field: key });
  }
  if (key === SettingKeys.emailPort && value !== '' && !(/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535)) {
    throw new OutpostError('ErrFieldNotBetween', 'must be between 1 and 65535', { field: key, min: 1, max: 65535 });
  }
  if (key === SettingKeys.requireTwoFactor && !(twoFactorRequirements as readonly string[]).includes(value)) {
    throw new OutpostError('ErrFieldRequired', `${key} must be one of ${twoFactorRequirements.join(', ')}`, { field: key });
  }
  if (key === SettingKeys.defaultLanguage && !isLocale(value)) {
    throw new OutpostError('ErrFieldRequired', `${key} must be a known locale`, { field: key });
  }
  if (key === SettingKeys.emailApiUrl && value !== '' && !parseMasterUrl(value)) {
    throw new OutpostError('ErrFieldIsInvalidHost', 'must be an http or https URL', { field: key });
  }
  if (key === SettingKeys.emailProvider && !emailProviders.includes(value)) {
    throw new OutpostError('ErrServiceInvalidProvider', `email does not support ${value}`, { service: 'email', provider: value, field: key });
  }
  if (key === SettingKeys.templatesRepository && value !== '' && !parseMasterUrl(value)) {
    throw new OutpostError('ErrFieldIsInvalidHost', 'must be an http or https URL', { field: key });
  }
  // A bad range is ErrFieldIsInvalidIP on this field, naming the entry.
  if (key === SettingKeys.allowPrivateTargets) parseAllowedTargets(value, key);
  if (key === SettingKeys.masterUrl && !parseMasterUrl(value)) {
    throw new OutpostError('ErrFieldIsInvalidHost', 'must be a valid IP or FQDN', { field: key });
  }
}

/**
 * Validates every pair first, then writes them in one transaction. An empty value for a secret
 * keeps the stored one, because the form shows secrets as "" and would otherwise wipe them on save.
 * A new master URL moves the local node with it.
 */
export async function writeSettings(repo: Repositories, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) assertValid(key, value);
  const toWrite = Object.fromEntries(Object.entries(values).filter(([key, value]) => !(secretSettingKeys.includes(key) && value === '')));
  await repo.settings.setMany(toWrite);
  const master = toWrite[SettingKeys.masterUrl] ? parseMasterUrl(toWrite[SettingKeys.masterUrl]) : undefined;
  const local = master && (await repo.nodes.local());
  if (master && local) await repo.nodes.update(local.id, { public_host: master.host, public_port: master.port });
}
