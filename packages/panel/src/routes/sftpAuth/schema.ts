import { Type } from 'typebox';
import { responses } from '../commonSchemas.js';

export const sftpAuthenticateSchema = {
  summary: 'For daemons: check an SFTP login ({email}|{serverId} and password); authenticated by a node token',
  tags: ['nodes'],
  body: Type.Object({
    username: Type.String({ maxLength: 400 }),
    password: Type.String({ maxLength: 1024 }),
    /** The SSH client's address: failed passwords count per account and address. */
    remoteAddress: Type.Optional(Type.String({ maxLength: 100 })),
  }),
  response: responses({ 200: Type.Object({ serverId: Type.String(), userId: Type.Integer(), canWrite: Type.Boolean() }) }),
};
