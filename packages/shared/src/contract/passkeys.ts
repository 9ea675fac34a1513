import { Type, type Static } from 'typebox';
import { AnyObject, Text } from './common.js';

// Issue 33, item 2: passkeys (WebAuthn) an account signs in with, in place of password and code.

/** One passkey as listed: never its key or credential id. */
export const Passkey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'the last sign-in with it' }),
});
export type Passkey = Static<typeof Passkey>;

/** GET /api/self/passkeys: the caller's passkeys, oldest first. */
export const PasskeyList = Type.Array(Passkey);
export type PasskeyList = Static<typeof PasskeyList>;

/**
 * A credential as the browser hands it over (PublicKeyCredential's toJSON, or
 * @simplewebauthn/browser's answer): binary fields in base64url. Checked by the WebAuthn
 * verification, so only its outline is checked here.
 */
export const PasskeyCredential = Type.Object(
  {
    id: Text({ maxLength: 1400 }),
    rawId: Text({ maxLength: 1400 }),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: Text({ maxLength: 8192 }),
        attestationObject: Type.Optional(Text({ maxLength: 65536 })),
        authenticatorData: Type.Optional(Text({ maxLength: 8192 })),
        signature: Type.Optional(Text({ maxLength: 2048 })),
        userHandle: Type.Optional(Text({ maxLength: 512 })),
        transports: Type.Optional(Type.Array(Text({ maxLength: 32 }), { maxItems: 10 })),
      },
      { additionalProperties: true },
    ),
    clientExtensionResults: Type.Optional(AnyObject),
    authenticatorAttachment: Type.Optional(Text({ maxLength: 32 })),
  },
  { additionalProperties: true },
);
export type PasskeyCredential = Static<typeof PasskeyCredential>;

/**
 * Answer of POST /api/self/passkeys/options and /auth/passkey/options: the options for
 * navigator.credentials.create() or .get() in their JSON form (binary fields in base64url).
 * The sign-in's also carry `ticket`, for a client that keeps no cookies, to send back with the answer.
 */
export const PasskeyOptions = Type.Object({ ticket: Type.Optional(Type.String()) }, { additionalProperties: true });
export type PasskeyOptions = Static<typeof PasskeyOptions>;

/** POST /api/self/passkeys: a name and the browser's answer to the creation options. */
export const AddPasskeyRequest = Type.Object({ name: Text({ minLength: 1, maxLength: 100 }), response: PasskeyCredential });
export type AddPasskeyRequest = Static<typeof AddPasskeyRequest>;

/** PUT /api/self/passkeys/{id}. */
export const RenamePasskeyRequest = Type.Object({ name: Text({ minLength: 1, maxLength: 100 }) });
export type RenamePasskeyRequest = Static<typeof RenamePasskeyRequest>;

/** PUT and DELETE /api/self/passkeys/{id}. */
export const PasskeyParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type PasskeyParams = Static<typeof PasskeyParams>;

/**
 * POST /auth/passkey: the browser's answer to the sign-in options, and the `ticket` those
 * answered from a client that keeps no cookies (the browser sends it as a cookie instead).
 */
export const PasskeyLoginRequest = Type.Object({ response: PasskeyCredential, ticket: Type.Optional(Text({ maxLength: 200 })) });
export type PasskeyLoginRequest = Static<typeof PasskeyLoginRequest>;
