import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';
import { sshKeygen, type SshKeyPair } from '../../test/sshKeygen.js';

// Over a real socket, with keys OpenSSH's ssh-keygen made.
let t: TestApp;
let root: string;
let dir: string;
const keys: Record<string, SshKeyPair> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  root = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dir = await mkdtemp(join(tmpdir(), 'outpost-sshkeys-'));
  const made = await Promise.all([
    sshKeygen(dir, 'ed25519', 'ed25519'),
    sshKeygen(dir, 'ecdsa256', 'ecdsa', 256),
    sshKeygen(dir, 'ecdsa384', 'ecdsa', 384),
    sshKeygen(dir, 'ecdsa521', 'ecdsa', 521),
    sshKeygen(dir, 'rsa2048', 'rsa', 2048),
    sshKeygen(dir, 'rsa1024', 'rsa', 1024),
    sshKeygen(dir, 'dsa', 'dsa'),
    sshKeygen(dir, 'shared', 'ecdsa', 256),
    sshKeygen(dir, 'removed', 'ed25519'),
    sshKeygen(dir, 'read', 'rsa', 3072),
  ]);
  for (const key of made) keys[key.path.slice(dir.length + 1)] = key;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (method: string, path: string, user?: { headers: Record<string, string> }, body?: unknown) =>
  fetch(`${root}${path}`, {
    method,
    headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const add = (user: TestUser, name: string, key: string) => call('POST', '/api/self/sshkeys', user, { name, key });
const list = async (user: TestUser) => (await call('GET', '/api/self/sshkeys', user)).json();

describe('/api/self/sshkeys', () => {
  it('adds ed25519, ECDSA and RSA 2048 keys and lists them with the fingerprint ssh-keygen prints', async () => {
    const user = await createSignedInUser(t.app);
    expect(await list(user)).toEqual([]);
    const expected = [
      ['ed25519', 'ssh-ed25519'],
      ['ecdsa256', 'ecdsa-sha2-nistp256'],
      ['ecdsa384', 'ecdsa-sha2-nistp384'],
      ['ecdsa521', 'ecdsa-sha2-nistp521'],
      ['rsa2048', 'ssh-rsa'],
    ] as const;
    for (const [name, type] of expected) {
      const res = await add(user, `laptop ${name}`, keys[name].publicKey);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ name: `laptop ${name}`, type, fingerprint: keys[name].fingerprint, lastUsedAt: null });
    }
    const listed = await list(user);
    expect(listed.map((k: { fingerprint: string }) => k.fingerprint)).toEqual(expected.map(([name]) => keys[name].fingerprint));
    // The key itself is never answered.
    expect(JSON.stringify(listed)).not.toContain(keys.ed25519.publicKey.split(' ')[1]);
    expect(Date.parse(listed[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses each kind of bad key with 400 naming the field, and adds nothing', async () => {
    const user = await createSignedInUser(t.app);
    const [type, blob] = keys.ed25519.publicKey.split(' ');
    const bad: [string, string, string][] = [
      ['RSA of 1024 bits', keys.rsa1024.publicKey, 'ErrFieldTooSmall'],
      ['DSA', keys.dsa.publicKey, 'ErrFieldRequired'],
      ['a private key', await readFile(keys.ed25519.path, 'utf8'), 'ErrFieldRequired'],
      ['garbage', 'not a key at all', 'ErrFieldRequired'],
      ['a cut blob', `${type} ${blob.slice(0, 40)}`, 'ErrFieldRequired'],
      ['a blob of another type', `ssh-rsa ${blob}`, 'ErrFieldRequired'],
      ['authorized_keys options', `no-pty ${keys.ed25519.publicKey}`, 'ErrFieldRequired'],
      ['two keys', `${keys.ed25519.publicKey}\n${keys.rsa2048.publicKey}`, 'ErrFieldRequired'],
      ['nothing', '', 'ErrFieldLength'],
    ];
    for (const [what, key, code] of bad) {
      const res = await add(user, 'bad', key);
      expect(res.status, what).toBe(400);
      const { error } = await res.json();
      expect(error.code, what).toBe(code);
      expect(error.metadata.field, what).toBe('key');
    }
    const unnamed = await add(user, '   ', keys.ed25519.publicKey);
    expect(unnamed.status).toBe(400);
    expect((await unnamed.json()).error.metadata.field).toBe('name');
    expect(await list(user)).toEqual([]);
  });

  it('refuses a key already on any account, this one or another, with 409 ErrAlreadyExists', async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    expect((await add(owner, 'mine', keys.shared.publicKey)).status).toBe(200);
    // The same key with another comment is the same key.
    for (const [user, line] of [[other, keys.shared.publicKey], [other, keys.shared.publicKey.replace(/\S+$/, 'stolen@elsewhere')], [owner, keys.shared.publicKey]] as const) {
      const res = await add(user, 'again', line);
      expect(res.status).toBe(409);
      const { error } = await res.json();
      expect(error.reason).toBe('ErrAlreadyExists');
      expect(error.metadata.field).toBe('key');
    }
    expect(await list(other)).toEqual([]);
  });

  it("removes one's own key; someone else's or a missing one is 404 and stays", async () => {
    const owner = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const { id } = await (await add(owner, 'work', keys.removed.publicKey)).json();
    const stranger = await call('DELETE', `/api/self/sshkeys/${id}`, other);
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).error.reason).toBe('ErrNotFound');
    expect(await list(owner)).toHaveLength(1);
    expect((await call('DELETE', `/api/self/sshkeys/${id}`, owner)).status).toBe(204);
    expect(await list(owner)).toEqual([]);
    expect((await call('DELETE', `/api/self/sshkeys/${id}`, owner)).status).toBe(404);
    // Removed, the key may be added again (to another account, too).
    expect((await add(other, 'now mine', keys.removed.publicKey)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    for (const res of [await call('GET', '/api/self/sshkeys'), await call('POST', '/api/self/sshkeys', undefined, { name: 'x', key: keys.ed25519.publicKey }), await call('DELETE', '/api/self/sshkeys/1')]) {
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('ErrSessionTimedOut');
    }
  });

  it("lets an account's OAuth2 client list the keys but not add or remove one", async () => {
    const user = await createSignedInUser(t.app);
    const { id } = await (await add(user, 'desk', keys.read.publicKey)).json();
    const client = await (await call('POST', '/api/self/oauth2', user, { name: 'script' })).json();
    const token = await fetch(`${root}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }).toString(),
    });
    const bearer = { headers: { authorization: `Bearer ${(await token.json()).access_token}` } };
    expect((await (await call('GET', '/api/self/sshkeys', bearer)).json()).map((k: { id: number }) => k.id)).toEqual([id]);
    for (const res of [await call('POST', '/api/self/sshkeys', bearer, { name: 'x', key: keys.rsa2048.publicKey }), await call('DELETE', `/api/self/sshkeys/${id}`, bearer)]) {
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('ErrMissingScope');
    }
    expect(await list(user)).toHaveLength(1);
  });
});
