import { AddPasskeyRequest, NoContent, Passkey, PasskeyList, PasskeyLoginRequest, PasskeyOptions, PasskeyParams, RenamePasskeyRequest, SessionResponse, responses } from '@outpost/shared';

export const listPasskeysSchema = {
  summary: "The account's passkeys (names and dates, never the keys)",
  tags: ['self'],
  response: responses({ 200: PasskeyList }),
};

export const passkeyRegistrationOptionsSchema = {
  summary: 'Options for navigator.credentials.create() to add a passkey: the challenge is kept with this session for two minutes and serves once',
  tags: ['self'],
  response: responses({ 200: PasskeyOptions }),
};

export const addPasskeySchema = {
  summary: "Add a passkey: the browser's answer to the options, verified (challenge, origin, relying-party id); one already added is 409 ErrAlreadyExists",
  tags: ['self'],
  body: AddPasskeyRequest,
  response: responses({ 200: Passkey }),
};

export const renamePasskeySchema = {
  summary: "Rename one of the account's passkeys",
  tags: ['self'],
  params: PasskeyParams,
  body: RenamePasskeyRequest,
  response: responses({ 200: Passkey }),
};

export const deletePasskeySchema = {
  summary: "Remove one of the account's passkeys; it signs in no more",
  tags: ['self'],
  params: PasskeyParams,
  response: responses({ 204: NoContent }),
};

export const passkeyLoginOptionsSchema = {
  summary: 'Options for navigator.credentials.get() to sign in with a passkey (any of the authenticator\'s for this panel); the challenge is bound to a two-minute cookie, or the answered ticket',
  tags: ['auth'],
  response: responses({ 200: PasskeyOptions }),
};

export const passkeyLoginSchema = {
  summary: 'Sign in with a passkey: answers as /auth/login does, never asking a one-time code (the passkey is both factors)',
  tags: ['auth'],
  body: PasskeyLoginRequest,
  response: responses({ 200: SessionResponse }),
};
