import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, createUser, startLocalNode, type PanelConfig } from '@outpost/panel';
import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askPanelForSftpLogin, loadDaemonFile, saveDaemonSecret, type DaemonFile } from './daemon.js';

describe('outpost daemon', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let node: Awaited<ReturnType<typeof startLocalNode>>;
  let deployment: DaemonFile;
  let serverId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-daemon-cli-'));
    const config: PanelConfig = { port: 0, host: '127.0.0.1', dataDir: dir, db: { dialect: 'sqlite', url: join(dir, 'outpost.db') }, sftpPort: 0, admin: { username: 'admin' }, sessionMinutes: 60 }; // any free port: another Outpost may run here
    app = await buildApp({ config, webDist: '/nonexistent-web-dist' });
    node = await startLocalNode(app, { autostart: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const panelUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const userId = await createUser(app.panel.repo, { username: 'sftpuser', email: 'sftp@example.com', password: 'password123', scopes: [Scopes.ServersAdmin] });
    const local = (await app.panel.repo.nodes.local())!;
    deployment = { nodeId: local.id, secret: local.secret, panelUrl, privatePort: 0 };
    serverId = 'abcdef01';
    await app.panel.repo.servers.insert({ id: serverId, name: 'sftp target', node_id: local.id, ip: '', port: null, type: '', created_at: Date.now() });
    await app.panel.repo.permissions.replace(userId, serverId, [Scopes.ServerView]);
  });
  afterAll(async () => {
    await node.stop();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the deployment file and says which key is missing', () => {
    const path = join(dir, 'daemon.json');
    writeFileSync(path, JSON.stringify(deployment));
    expect(loadDaemonFile(path)).toEqual(deployment);
    writeFileSync(path, JSON.stringify({ ...deployment, secret: '' }));
    expect(() => loadDaemonFile(path)).toThrow(/secret is required/);
    writeFileSync(path, '{');
    expect(() => loadDaemonFile(path)).toThrow(/not valid JSON/);
    expect(() => loadDaemonFile(join(dir, 'missing.json'))).toThrow(/does not exist/);
    writeFileSync(path, JSON.stringify({ ...deployment, allowPrivateTargets: '10.0.0.0/8, 10.1.2.3/40' }));
    expect(() => loadDaemonFile(path)).toThrow(/allowPrivateTargets: 10\.1\.2\.3\/40 is not an address range/);
    writeFileSync(path, JSON.stringify({ ...deployment, allowPrivateTargets: '10.0.0.0/8, fd00::/8' }));
    expect(loadDaemonFile(path).allowPrivateTargets).toBe('10.0.0.0/8, fd00::/8');
    writeFileSync(path, JSON.stringify({ ...deployment, limits: { defaults: { memory: 1024 }, max: { cpu: -5 } } }));
    expect(() => loadDaemonFile(path)).toThrow(/limits\.max\.cpu must be a whole number, 0 for unlimited/);
    writeFileSync(path, JSON.stringify({ ...deployment, limits: { defaults: { memroy: 1024 } } }));
    expect(() => loadDaemonFile(path)).toThrow(/limits\.defaults\.memroy is not a limit/);
    writeFileSync(path, JSON.stringify({ ...deployment, limits: { defaults: { memory: 1024, processes: 0 }, max: { memory: 4096 } } }));
    expect(loadDaemonFile(path).limits).toEqual({ defaults: { memory: 1024, processes: 0 }, max: { memory: 4096 } });
  });

  it('saves a pushed secret in the daemon file, keeping its other keys, readable by its owner alone', async () => {
    const path = join(dir, 'rotating.json');
    writeFileSync(path, JSON.stringify({ ...deployment, dataDir: 'elsewhere', listenHost: '127.0.0.1' }));
    const file = loadDaemonFile(path);
    await saveDaemonSecret(path, file, 'a-new-secret-of-enough-length-0123456789');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ ...deployment, dataDir: 'elsewhere', listenHost: '127.0.0.1', secret: 'a-new-secret-of-enough-length-0123456789' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    // The SFTP login checks sign with the new one from then on.
    expect(file.secret).toBe('a-new-secret-of-enough-length-0123456789');
  });

  it('asks the panel about SFTP logins with a node token', async () => {
    expect(await askPanelForSftpLogin(deployment, `sftp@example.com|${serverId}`, 'password123')).toMatchObject({ serverId, canWrite: true });
    expect(await askPanelForSftpLogin(deployment, `sftp@example.com|${serverId}`, 'wrong')).toBeNull();
    await expect(askPanelForSftpLogin({ ...deployment, secret: 'not it' }, `sftp@example.com|${serverId}`, 'password123')).rejects.toThrow(/401/);
  });

  it('asks the panel about key logins, the probe and the signed one, answering the key', async () => {
    const path = join(dir, 'id_ed25519');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path]);
    const [type, blob] = readFileSync(`${path}.pub`, 'utf8').split(' ');
    const fingerprint = `SHA256:${createHash('sha256').update(Buffer.from(blob, 'base64')).digest('base64').replace(/=+$/, '')}`;
    const userId = (await app.panel.repo.users.byEmail('sftp@example.com'))!.id;
    const { id } = await app.panel.repo.sshKeys.insert({ userId, name: 'laptop', algorithm: type, publicKey: blob, fingerprint });
    const publicKey = `${type} ${blob}`;
    for (const probe of [true, false]) expect(await askPanelForSftpLogin(deployment, `sftp@example.com|${serverId}`, { publicKey, probe })).toEqual({ serverId, userId, canWrite: true, keyId: id });
    expect((await app.panel.repo.sshKeys.byFingerprint(fingerprint))!.lastUsedAt).not.toBeNull();
    expect(await askPanelForSftpLogin(deployment, `someone@example.com|${serverId}`, { publicKey, probe: false })).toBeNull();
  });

  it('tells the panel the client address, so failures count against that address only', async () => {
    const login = `SFTP@example.com|${serverId}`;
    for (let i = 0; i < 5; i++) expect(await askPanelForSftpLogin(deployment, login, `wrong ${i}`, '203.0.113.9')).toBeNull();
    // The panel now refuses that address before checking (429), which reads as a refusal.
    expect(await askPanelForSftpLogin(deployment, login, 'password123', '203.0.113.9')).toBeNull();
    expect(await askPanelForSftpLogin(deployment, login, 'password123', '203.0.113.10')).toMatchObject({ serverId });
  });
});
