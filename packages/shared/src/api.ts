/**
 * Wire shapes of the panel's account-level calls (spec panel.md section 7), shared by the panel's
 * response schemas and the web app's client. Field names are the spec's where it names them.
 */

/** POST /auth/login body. */
export interface LoginRequest {
  email: string;
  password: string;
}

/**
 * Answer of POST /auth/login, /auth/register, /auth/otp and /auth/reauth. Register answers `{}`
 * (no session, whether or not the email was free): the client signs in with /auth/login next.
 * With two-factor on, login answers `{ otpNeeded: true }` only; the session then comes from /auth/otp.
 * The session token is also set as the `outpost_session` cookie (HttpOnly, SameSite=Strict,
 * Secure on https); API clients send it back as `Authorization: Bearer <session>`.
 */
export interface SessionResponse {
  otpNeeded?: boolean;
  session?: string;
  scopes?: string[];
}

/** POST /auth/register body. */
export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

/** POST /auth/otp body: the six-digit code. */
export interface OtpLoginRequest {
  token: string;
}

/** GET /api/config (public). */
export interface AppConfig {
  branding: { name: string };
  themes: { active: string; available: string[] };
  registrationEnabled: boolean;
}

/** GET /api/self. */
export interface SelfResponse {
  id: number;
  username: string;
  email: string;
  otpActive: boolean;
  scopes: string[];
}

/** PUT /api/self: username and/or email with the current password, or password + newPassword. */
export interface UpdateSelfRequest {
  username?: string;
  email?: string;
  password: string;
  newPassword?: string;
}

/** GET /api/self/otp. */
export interface OtpStatusResponse {
  otpEnabled: boolean;
}

/** POST /api/self/otp: starts set-up; `img` is a PNG data URL of the QR code. */
export interface OtpSetupResponse {
  secret: string;
  img: string;
}

/** PUT /api/self/otp body: confirms set-up with a current code. DELETE /api/self/otp/{token} disables. */
export interface OtpConfirmRequest {
  token: string;
}

/** GET /api/userSettings. */
export type UserSettingsResponse = { key: string; value: string }[];

/** GET /api/settings/{key}; PUT takes `{ value }`; POST /api/settings takes a map of key to value. */
export interface SettingResponse {
  value: string;
}

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
  /** URL of a template repository (an index.json listing ids, one <id>.json each) besides the shipped one. */
  templatesRepository: 'panel.templates.repository',
} as const;

export const secretSettingKeys: readonly string[] = [SettingKeys.emailKey, SettingKeys.emailPassword];

/** Paged list answers: `{ <items>, paging: { page, limit, total } }`. */
export interface Paging {
  page: number;
  limit: number;
  total: number;
}
