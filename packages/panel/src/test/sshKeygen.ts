import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A key pair OpenSSH's ssh-keygen made, without a passphrase. */
export interface SshKeyPair {
  /** The private key's file, for `sftp -i`. */
  path: string;
  /** The .pub line, as a user pastes it. */
  publicKey: string;
  /** What `ssh-keygen -lf` prints as the fingerprint (SHA256:…). */
  fingerprint: string;
}

/** Makes a key pair with ssh-keygen in `dir` (`-t type [-b bits]`). */
export async function sshKeygen(dir: string, name: string, type: 'ed25519' | 'ecdsa' | 'rsa' | 'dsa', bits?: number): Promise<SshKeyPair> {
  const path = join(dir, name);
  await run('ssh-keygen', ['-q', '-t', type, ...(bits ? ['-b', String(bits)] : []), '-N', '', '-C', `${name}@outpost-test`, '-f', path]);
  const { stdout } = await run('ssh-keygen', ['-lf', `${path}.pub`]);
  return { path, publicKey: (await readFile(`${path}.pub`, 'utf8')).trim(), fingerprint: stdout.split(' ')[1] };
}
