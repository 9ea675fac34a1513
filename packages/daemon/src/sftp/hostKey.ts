import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import ssh2 from 'ssh2';

/** Makes one ed25519 private key in OpenSSH's format. */
export type KeyMaker = () => string | Buffer;

const makeEd25519: KeyMaker = () => ssh2.utils.generateKeyPairSync('ed25519').private;

const parses = (key: string | Buffer) => !(ssh2.utils.parseKey(key) instanceof Error);

/**
 * The node's SSH host key: read from `path`, or made once and kept there (mode 600) so clients
 * see the same fingerprint after a restart. Ed25519 in OpenSSH's format: ssh2 1.17 parses that
 * and PKCS#1 PEM, but not the PKCS#8 PEM that node:crypto writes for ed25519.
 */
export async function loadOrCreateHostKey(path: string, make: KeyMaker = makeEd25519): Promise<Buffer> {
  try {
    const stored = await readFile(path);
    // A key ssh2 cannot read never served anyone: replace it rather than fail every start.
    if (parses(stored)) return stored;
    await rm(path, { force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // ssh2's generator drops a leading zero byte of the public key, so about one key in 256 comes
  // out unreadable by its own parser; such a key would stop the SFTP server from starting.
  let key = make();
  for (let tries = 1; !parses(key); tries++) {
    if (tries >= 20) throw new Error('could not make an SSH host key that ssh2 reads');
    key = make();
  }
  await mkdir(dirname(path), { recursive: true });
  // Written whole under a temporary name, then linked into place: a start running at the same
  // time never reads half a key, and the first key linked is the one everyone keeps. The name is
  // random: two starts in one process and one millisecond must not share (and remove) one file.
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, key, { mode: 0o600 });
  try {
    await link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true });
  }
  return readFile(path);
}
