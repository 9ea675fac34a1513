import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2 from 'ssh2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateHostKey } from './hostKey.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-hostkey-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadOrCreateHostKey', () => {
  it('makes an ed25519 key once, private to the daemon, and keeps it across restarts', async () => {
    const path = join(dir, 'keys/host_ed25519');
    const first = await loadOrCreateHostKey(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const parsed = ssh2.utils.parseKey(first);
    expect(parsed instanceof Error ? parsed.message : parsed.type).toBe('ssh-ed25519');
    expect((await loadOrCreateHostKey(path)).equals(first)).toBe(true);
  });

  it('never keeps a key ssh2 cannot read: a bad one made is made again', async () => {
    const path = join(dir, 'host_ed25519');
    // ssh2's generator itself makes an unreadable key about one time in 256: take one that reads.
    let good = ssh2.utils.generateKeyPairSync('ed25519').private;
    while (ssh2.utils.parseKey(good) instanceof Error) good = ssh2.utils.generateKeyPairSync('ed25519').private;
    // The shape ssh2 sometimes makes: an OpenSSH key whose contents do not parse.
    const broken = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n';
    const made = [broken, good];
    const key = await loadOrCreateHostKey(path, () => made.shift()!);
    expect(key.toString()).toBe(good);
    expect(made).toEqual([]);
    expect(await readdir(dir)).toEqual(['host_ed25519']);
  });

  it('replaces a stored key that does not parse, so the SFTP server can start', async () => {
    const path = join(dir, 'keys/host_ed25519');
    await mkdir(join(dir, 'keys'));
    await writeFile(path, 'not a key');
    const key = await loadOrCreateHostKey(path);
    expect(ssh2.utils.parseKey(key)).not.toBeInstanceOf(Error);
    expect((await loadOrCreateHostKey(path)).equals(key)).toBe(true);
  });

  it('gives every simultaneous start the same key', async () => {
    const path = join(dir, 'host_ed25519');
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateHostKey(path)));
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
  });
});
