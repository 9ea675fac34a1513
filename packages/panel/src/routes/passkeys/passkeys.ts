import { OutpostError, type Passkey, type PasskeyOptions } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { PasskeyRow } from '../../db/passkeys.js';
import { addPasskey } from '../../services/passkeys/addPasskey.js';
import { PasskeyChallenges } from '../../services/passkeys/PasskeyChallenges.js';
import { passkeyOrigin } from '../../services/passkeys/passkeyOrigin.js';
import { registrationOptions } from '../../services/passkeys/registrationOptions.js';
import { addPasskeySchema, deletePasskeySchema, listPasskeysSchema, passkeyRegistrationOptionsSchema, renamePasskeySchema } from './schema.js';

const present = (key: PasskeyRow): Passkey => ({
  id: key.id,
  name: key.name,
  createdAt: new Date(key.createdAt).toISOString(),
  lastUsedAt: key.lastUsedAt === null ? null : new Date(key.lastUsedAt).toISOString(),
});

const notFound = () => new OutpostError('ErrNotFound', 'no such passkey');

/** /api/self/passkeys: the caller's passkeys, added and removed by the person (never an OAuth2 client). */
export default async function passkeysRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  // Keyed by the session's token hash: an answer counts only in the session that asked.
  const challenges = new PasskeyChallenges(repo.tickets, 'passkey.registration');

  r.get('/api/self/passkeys', { schema: listPasskeysSchema, config: { scope: 'session' } }, async (request) => {
    return (await repo.passkeys.forUser(request.session!.userId)).map(present);
  });

  r.post('/api/self/passkeys/options', { schema: passkeyRegistrationOptionsSchema, config: { scope: 'session' } }, async (request) => {
    const { userId, tokenHash } = request.session!;
    const user = await repo.users.byId(userId);
    if (!user) throw notFound();
    const { origin, rpId } = await passkeyOrigin(request);
    return (await registrationOptions(repo, user, await challenges.open(tokenHash, origin, rpId))) as PasskeyOptions;
  });

  r.post('/api/self/passkeys', { schema: addPasskeySchema, config: { scope: 'session' } }, async (request) => {
    const { userId, tokenHash } = request.session!;
    return present(await addPasskey(repo, userId, request.body.name, request.body.response, await challenges.take(tokenHash)));
  });

  r.put('/api/self/passkeys/:id', { schema: renamePasskeySchema, config: { scope: 'session' } }, async (request) => {
    const { userId } = request.session!;
    const name = request.body.name.trim();
    if (name === '') throw new OutpostError('ErrFieldRequired', 'name is required', { field: 'name' });
    // Someone else's passkey is as unknown as a missing one.
    if (!(await repo.passkeys.rename(userId, request.params.id, name))) throw notFound();
    return present((await repo.passkeys.forUser(userId)).find((key) => key.id === request.params.id)!);
  });

  r.delete('/api/self/passkeys/:id', { schema: deletePasskeySchema, config: { scope: 'session' } }, async (request, reply) => {
    if (!(await repo.passkeys.delete(request.session!.userId, request.params.id))) throw notFound();
    return reply.code(204).send(null);
  });
}
