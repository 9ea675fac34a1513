import { verifyNodeToken } from '@outpost/daemon';
import { OutpostError } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Repositories } from '../../db/repositories.js';
import { emitSftpLogin } from '../../services/activity/sftpEvents.js';
import { authenticateSftp } from '../../services/authenticateSftp.js';
import { checkSftpKeyLogin } from '../../services/sshKeys/checkSftpKeyLogin.js';
import { sftpAuthenticateSchema } from './schema.js';

/** The `server` a node token for this call names: it is about no one server. */
export const SFTP_TOKEN_SERVER = 'sftp';

/** The node a token claims to come from, checked against that node's secret; 401 otherwise. */
async function callingNode(repo: Repositories, request: FastifyRequest): Promise<number> {
  const invalid = () => new OutpostError('ErrTokenInvalid', 'token is invalid');
  const header = request.headers.authorization;
  const token = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : '';
  let claimed: unknown;
  try {
    claimed = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'))?.node;
  } catch {
    throw invalid();
  }
  const node = typeof claimed === 'string' && /^\d{1,9}$/.test(claimed) ? await repo.nodes.byId(Number(claimed)) : undefined;
  if (!node) throw invalid();
  try {
    verifyNodeToken(node.secret, token, { node: String(node.id), server: SFTP_TOKEN_SERVER });
  } catch {
    throw invalid();
  }
  return node.id;
}

/**
 * POST /api/nodes/sftp/authenticate: a remote daemon asks whether an SFTP login (password, or a
 * key whose signature it checked) may in. Public to
 * sessions, since nodes hold no session: the node token in the authorization header is the key.
 */
export default async function sftpAuthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, failedLogins } = app.panel;

  r.post('/api/nodes/sftp/authenticate', { schema: sftpAuthenticateSchema, config: { scope: 'public' } }, async (request) => {
    const nodeId = await callingNode(repo, request);
    const { username, password, publicKey, probe = false, remoteAddress } = request.body;
    const refused = () => new OutpostError('ErrInvalidCredentials', 'invalid credentials', undefined, 400);
    // A key whose signature the node checked: the panel knows whose it is.
    if (publicKey !== undefined && password === undefined) {
      const grant = await checkSftpKeyLogin(app.panel, { username, publicKey, probe, nodeId, ip: remoteAddress });
      if (!grant) throw refused();
      return { serverId: grant.serverId, userId: grant.userId, canWrite: grant.canWrite, keyId: grant.keyId };
    }
    if (password === undefined) throw new OutpostError('ErrFieldRequired', 'password or publicKey is required', { field: 'password' });
    // The address is the node's claim: it is kept apart from the web's budgets (a node cannot
    // spend a browser's), and the account and the node are counted whatever address it names.
    // A daemon that does not say where the client is gets one budget for all its clients.
    const client = remoteAddress ? `node:${nodeId}|${remoteAddress}` : `node:${nodeId}`;
    const grant = await authenticateSftp(repo, username, password, { nodeId, failedLogins, client });
    emitSftpLogin(app.panel.activity, { username, userId: grant?.userId, ip: remoteAddress });
    if (!grant) throw refused();
    return grant;
  });
}
