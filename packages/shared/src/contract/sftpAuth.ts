import { Type, type Static } from 'typebox';

/** POST /api/nodes/sftp/authenticate body: a daemon asks the panel about an SFTP login. */
export const SftpAuthRequest = Type.Object({
  /** `{email}|{serverId}`. */
  username: Type.String({ maxLength: 400 }),
  password: Type.String({ maxLength: 1024 }),
  /** The SSH client's address: failed passwords count per account and address. */
  remoteAddress: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SftpAuthRequest = Static<typeof SftpAuthRequest>;

/** Its answer for a good login. */
export const SftpAuthResponse = Type.Object({ serverId: Type.String(), userId: Type.Integer(), canWrite: Type.Boolean() });
export type SftpAuthResponse = Static<typeof SftpAuthResponse>;
