import { Type, type Static } from 'typebox';

/**
 * POST /api/nodes/sftp/authenticate body: a daemon asks the panel about an SFTP login, with the
 * account's password or with a public key whose signature the daemon has checked (one of the two).
 */
export const SftpAuthRequest = Type.Object({
  /** `{email}|{serverId}`. */
  username: Type.String({ maxLength: 400 }),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  /** The key the client offers, `{type} {base64}` as in authorized_keys. */
  publicKey: Type.Optional(Type.String({ maxLength: 16384 })),
  /** The client only asks whether the key would do (no signature yet): no login is recorded. */
  probe: Type.Optional(Type.Boolean()),
  /** The SSH client's address: failed passwords count per account and address. */
  remoteAddress: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SftpAuthRequest = Static<typeof SftpAuthRequest>;

/** Its answer for a good login. */
export const SftpAuthResponse = Type.Object({
  serverId: Type.String(),
  userId: Type.Integer(),
  canWrite: Type.Boolean(),
  /** The SSH key that opened it, so removing the key ends the session. */
  keyId: Type.Optional(Type.Integer()),
});
export type SftpAuthResponse = Static<typeof SftpAuthResponse>;
