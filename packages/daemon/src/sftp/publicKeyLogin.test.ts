// Public key logins at the SFTP server: the signature is checked here, the key's owner by the
// caller (the panel), asked first without a signature when the client only probes.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ssh2, { type ParsedKey } from 'ssh2';
import { ServerFiles } from '../files/ServerFiles.js';
import { startSftpServer, type SftpServer } from './startSftpServer.js';

const Login = 'user@example.com|abcd1234';

let base: string;
let files: ServerFiles;
let server: SftpServer;
let known: ParsedKey;
let stranger: ParsedKey;
/** What the server asked: each key check's probe flag, in order. */
const asked: boolean[] = [];

async function keygen(name: string): Promise<ParsedKey> {
  const path = join(base, name);
  await promisify(execFile)('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path]);
  return ssh2.utils.parseKey(await readFile(path)) as ParsedKey;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-sftp-keys-'));
  await mkdir(join(base, 'server'));
  files = new ServerFiles(join(base, 'server'));
  [known, stranger] = await Promise.all([keygen('known'), keygen('stranger')]);
  const knownLine = `ssh-ed25519 ${known.getPublicSSH().toString('base64')}`;
  server = await startSftpServer({
    host: '127.0.0.1',
    port: 0,
    hostKeyPath: join(base, 'host_ed25519'),
    failureDelayMs: 10,
    limits: { attempts: 50 },
    authenticate: async () => null,
    authenticateKey: async (username, { publicKey, probe }) => {
      asked.push(probe);
      return username === Login && publicKey === knownLine ? { files, canWrite: true, userId: '7', keyId: '3' } : null;
    },
  });
});
afterAll(async () => {
  await server.close();
  files.close();
  await rm(base, { recursive: true, force: true });
});

/** Logs in offering `offered` and signing with `signer`'s private key: '' when in, else the error. */
function keyLogin(offered: ParsedKey, signer: ParsedKey): Promise<string> {
  // The key ssh2 offers and the one it signs with, apart: what a client without the private key would send.
  const key = Object.assign(Object.create(Object.getPrototypeOf(signer)), signer, { getPublicSSH: () => offered.getPublicSSH(), type: offered.type });
  return new Promise((resolve) => {
    const client = new ssh2.Client();
    client.on('ready', () => {
      client.end();
      resolve('');
    });
    client.on('error', (error) => resolve(error.message));
    client.connect({ host: '127.0.0.1', port: server.port, username: Login, hostVerifier: () => true, authHandler: [{ type: 'publickey', username: Login, key }] });
  });
}

describe('SFTP public key logins', () => {
  it('lets in the holder of a key the caller knows, asking once as a probe and once signed', async () => {
    asked.length = 0;
    expect(await keyLogin(known, known)).toBe('');
    expect(asked).toEqual([true, false]);
  });

  it('refuses a known key signed by another key, without asking the caller about the login', async () => {
    asked.length = 0;
    expect(await keyLogin(known, stranger)).toMatch(/authentication methods failed/);
    // The probe passes (the key is known); the forged signature never reaches the caller.
    expect(asked).toEqual([true]);
  });

  it('refuses a key the caller does not know at the probe', async () => {
    asked.length = 0;
    expect(await keyLogin(stranger, stranger)).toMatch(/authentication methods failed/);
    expect(asked).toEqual([true]);
  });
});
