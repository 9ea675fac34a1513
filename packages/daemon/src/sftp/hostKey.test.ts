import { mkdtemp, rm, stat } from 'node:fs/promises';
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
});
