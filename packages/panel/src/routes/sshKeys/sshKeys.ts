import { OutpostError, type SshKey, type SshKeyType } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { SshKeyRow } from '../../db/sshKeys.js';
import { endAccess } from '../../services/access/endAccess.js';
import { addSshKey } from '../../services/sshKeys/addSshKey.js';
import { addSshKeySchema, deleteSshKeySchema, listSshKeysSchema } from './schema.js';

const present = (key: SshKeyRow): SshKey => ({
  id: key.id,
  name: key.name,
  type: key.algorithm as SshKeyType,
  fingerprint: key.fingerprint,
  createdAt: new Date(key.createdAt).toISOString(),
  lastUsedAt: key.lastUsedAt === null ? null : new Date(key.lastUsedAt).toISOString(),
});

/** GET/POST /api/self/sshkeys, DELETE /api/self/sshkeys/{id}: the caller's SSH keys for SFTP. */
export default async function sshKeysRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  // As /api/self: an account's OAuth2 client reads the keys; adding and removing stays with the person.
  r.get('/api/self/sshkeys', { schema: listSshKeysSchema, config: { scope: 'session', clients: 'account' } }, async (request) => {
    return (await repo.sshKeys.forUser(request.session!.userId)).map(present);
  });

  r.post('/api/self/sshkeys', { schema: addSshKeySchema, config: { scope: 'session' } }, async (request) => {
    return present(await addSshKey(repo, request.session!.userId, request.body.name, request.body.key));
  });

  r.delete('/api/self/sshkeys/:id', { schema: deleteSshKeySchema, config: { scope: 'session' } }, async (request, reply) => {
    const { userId } = request.session!;
    // Someone else's key is as unknown as a missing one.
    if (!(await repo.sshKeys.delete(userId, request.params.id))) throw new OutpostError('ErrNotFound', 'no such SSH key');
    await endAccess(request, { ended: 'sshKey', userId, keyId: request.params.id });
    return reply.code(204).send(null);
  });
}
