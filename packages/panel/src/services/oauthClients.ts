import { randomBytes } from 'node:crypto';
import { Scopes } from '@outpost/shared';
import type { Repositories } from '../db/repositories.js';
import type { OAuthClientRow } from '../db/oauthClients.js';
import { hashPassword } from './passwords.js';
import { scopesForServer } from './policy/policy.js';
import { sessionScopes } from './policy/sessionScopes.js';

/** How long an access token lives; a client asks again with its secret. */
export const ACCESS_TOKEN_SECONDS = 3600;

/**
 * Makes a client for a user (on one server, or the account when serverId is null). The secret is
 * answered once and only its argon2id hash is kept, like a password.
 */
export async function createOAuthClient(
  repo: Repositories,
  owner: { userId: number; serverId: string | null },
  fields: { name?: string; description?: string },
): Promise<{ client_id: string; client_secret: string }> {
  const clientId = randomBytes(12).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  await repo.oauthClients.insert({
    clientId,
    secretHash: await hashPassword(secret),
    userId: owner.userId,
    serverId: owner.serverId,
    name: fields.name?.trim() ?? '',
    description: fields.description?.trim() ?? '',
  });
  return { client_id: clientId, client_secret: secret };
}

/** What a client's token holds right now (its owner's permissions, narrowed to the server for a server client). */
export async function clientScopes(repo: Repositories, client: OAuthClientRow): Promise<string[]> {
  if (client.serverId === null) return sessionScopes(repo, client.userId);
  const held = await scopesForServer(repo, client.userId, client.serverId);
  return held.filter((scope) => scope !== Scopes.ServersAdmin);
}
