import { AddSshKeyRequest, NoContent, SshKey, SshKeyList, SshKeyParams, responses } from '@outpost/shared';

export const listSshKeysSchema = {
  summary: "The account's SSH keys for SFTP (fingerprints, never the keys)",
  tags: ['self'],
  response: responses({ 200: SshKeyList }),
};

export const addSshKeySchema = {
  summary: 'Add an SSH public key for SFTP: ed25519, ECDSA, or RSA of at least 2048 bits; a key already on any account is 409 ErrAlreadyExists',
  description: 'SFTP then takes the key for `{email}|{serverId}`, with the same permissions as the password.',
  tags: ['self'],
  body: AddSshKeyRequest,
  response: responses({ 200: SshKey }),
};

export const deleteSshKeySchema = {
  summary: 'Remove one of the account\'s SSH keys; the SFTP sessions it opened end',
  tags: ['self'],
  params: SshKeyParams,
  response: responses({ 204: NoContent }),
};
