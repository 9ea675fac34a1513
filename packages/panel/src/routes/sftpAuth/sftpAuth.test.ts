import { signNodeToken } from '@outpost/daemon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateSftp } from '../../services/authenticateSftp.js';
import { DefaultLoginLimits } from '../../services/failedLogins.js';
import { createSignedInUser, type TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';
import { SFTP_TOKEN_SERVER } from './sftpAuth.js';

describe('SFTP login check', () => {
  let t: NodeTestApp;
  let id: string;
  let reader: TestUser;
  let writer: TestUser;
  let outsider: TestUser;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'sftp test');
    reader = await createServerUser(t.app, id, { sftpServer: true });
    writer = await createServerUser(t.app, id, { sftpServer: true, putServerFiles: true });
    outsider = await createServerUser(t.app, id, { viewServerFiles: true, putServerFiles: true });
  });
  afterAll(() => t.close());

  const check = (user: TestUser, password = user.password, server = id) => authenticateSftp(t.app.panel.repo, `${user.email}|${server}`, password);

  it('grants holders of sftpServer, writing only with putServerFiles, and admins everything', async () => {
    expect(await check(reader)).toEqual({ serverId: id, userId: reader.id, canWrite: false });
    expect(await check(writer)).toEqual({ serverId: id, userId: writer.id, canWrite: true });
    expect(await check(t.admin)).toMatchObject({ canWrite: true });
  });

  it('refuses wrong passwords, users without sftpServer, unknown servers and malformed names', async () => {
    expect(await check(writer, 'wrong password')).toBeNull();
    expect(await check(outsider)).toBeNull();
    expect(await check(writer, writer.password, 'ffffffff')).toBeNull();
    expect(await authenticateSftp(t.app.panel.repo, 'no-bar-here', 'x')).toBeNull();
    expect(await authenticateSftp(t.app.panel.repo, `nobody@example.com|${id}`, 'x')).toBeNull();
  });

  describe('POST /api/nodes/sftp/authenticate', () => {
    const token = async (secret?: string, server = SFTP_TOKEN_SERVER) => {
      const node = (await t.app.panel.repo.nodes.local())!;
      return signNodeToken(secret ?? node.secret, { node: String(node.id), user: 'sftp', server, scopes: [], exp: Math.floor(Date.now() / 1000) + 60 });
    };
    const ask = async (payload: object, bearer?: string) =>
      t.app.inject({ method: 'POST', url: '/api/nodes/sftp/authenticate', headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, payload });

    it('answers a node that signs with its secret', async () => {
      const res = await ask({ username: `${writer.email}|${id}`, password: writer.password }, await token());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ serverId: id, userId: writer.id, canWrite: true });
      const wrong = await ask({ username: `${writer.email}|${id}`, password: 'nope' }, await token());
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('ErrInvalidCredentials');
    });

    it('counts failed passwords per account and the address the node reports: a guesser elsewhere does not lock the owner out', async () => {
      const owner = await createServerUser(t.app, id, { sftpServer: true });
      const bearer = await token();
      const login = (password: string, remoteAddress: string) => ask({ username: `${owner.email}|${id}`, password, remoteAddress }, bearer);
      // 100 guesses at once from one address: 5 are checked, the rest refused before hashing.
      const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`guess ${i}`, '198.51.100.1')));
      expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(5);
      expect(guesses.filter((r) => r.statusCode === 429 && r.json().error.reason === 'ErrTooManyRequests')).toHaveLength(95);
      expect((await login(owner.password, '198.51.100.1')).statusCode).toBe(429);
      expect((await login(owner.password, '198.51.100.2')).statusCode).toBe(200);
    });

    it('counts an account whatever address the node names, and keeps the named addresses apart from the web', async () => {
      const owner = await createServerUser(t.app, id, { sftpServer: true });
      const bearer = await token();
      const login = (user: TestUser, password: string, remoteAddress: string) => ask({ username: `${user.email}|${id}`, password, remoteAddress }, bearer);
      // Whoever holds the node's secret names a new address with every guess.
      const answers = [];
      for (let i = 0; i < 60; i++) answers.push(await login(owner, `guess ${i}`, `203.0.113.${i}`));
      expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(DefaultLoginLimits.perAccountViaNodes);
      expect(answers.filter((r) => r.statusCode === 429 && r.json().error.reason === 'ErrTooManyRequests')).toHaveLength(60 - DefaultLoginLimits.perAccountViaNodes);
      // A node naming a browser's address does not spend that browser's web budget.
      const neighbour = await createServerUser(t.app, id, { sftpServer: true });
      for (let i = 0; i < DefaultLoginLimits.perAccount; i++) expect((await login(neighbour, `guess ${i}`, '198.51.100.60')).statusCode).toBe(400);
      const web = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '198.51.100.60', payload: { email: neighbour.email, password: neighbour.password } });
      expect(web.statusCode).toBe(200);
    });

    it('takes the email of the login in any case', async () => {
      const res = await ask({ username: ` ${reader.email.toUpperCase()}|${id}`, password: reader.password, remoteAddress: '198.51.100.3' }, await token());
      expect(res.json()).toEqual({ serverId: id, userId: reader.id, canWrite: false });
    });

    it('refuses callers without a valid node token, and bad bodies', async () => {
      const body = { username: `${writer.email}|${id}`, password: writer.password };
      expect((await ask(body)).statusCode).toBe(401);
      expect((await ask(body, await token('another secret'))).statusCode).toBe(401);
      expect((await ask(body, await token(undefined, id))).statusCode).toBe(401);
      const signedIn = await createSignedInUser(t.app, []);
      expect((await ask(body, signedIn.token)).statusCode).toBe(401);
      expect((await ask({ username: 5 }, await token())).statusCode).toBe(400);
    });

    // Last here: it spends the local node's budget for the rest of the window.
    it('refuses a node\'s guesses past its budget, whatever accounts and addresses it names', async () => {
      const bearer = await token();
      const answers = [];
      for (let i = 0; i < DefaultLoginLimits.perNode + 20; i++) answers.push(await ask({ username: `ghost${i}@example.com|${id}`, password: 'guess', remoteAddress: `192.0.2.${i}` }, bearer));
      const checked = answers.filter((r) => r.statusCode === 400).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(DefaultLoginLimits.perNode);
      expect(answers.at(-1)!.json().error.reason).toBe('ErrTooManyRequests');
      expect(answers.filter((r) => r.statusCode !== 400).every((r) => r.statusCode === 429)).toBe(true);
    });
  });
});
