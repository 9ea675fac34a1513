import { SftpAuthRequest, SftpAuthResponse, responses } from '@outpost/shared';

export const sftpAuthenticateSchema = {
  summary: 'For daemons: check an SFTP login ({email}|{serverId} and password, or a public key whose signature the daemon checked); authenticated by a node token',
  tags: ['nodes'],
  body: SftpAuthRequest,
  response: responses({ 200: SftpAuthResponse }),
};
