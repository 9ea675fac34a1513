import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import ssh2 from 'ssh2';

/**
 * The node's SSH host key: read from `path`, or made once and kept there (mode 600) so clients
 * see the same fingerprint after a restart. Ed25519 in OpenSSH's format: ssh2 1.17 parses that
 * and PKCS#1 PEM, but not the PKCS#8 PEM that node:crypto writes for ed25519.
 */
export async function loadOrCreateHostKey(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { private: key } = ssh2.utils.generateKeyPairSync('ed25519');
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, key, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another start made it meanwhile: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFile(path);
}
