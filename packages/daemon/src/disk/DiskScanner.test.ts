import { link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../servers/testServer.js';
import { DiskScanner } from './DiskScanner.js';
import { DiskUsage } from './DiskUsage.js';
import { scanFolder } from './scanFolder.js';

const MiB = 1024 ** 2;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-disk-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('scanFolder', () => {
  it('counts the blocks of files in nested folders, a hard-linked file once, and never what a link leads to', async () => {
    const root = join(dir, 'measured');
    await mkdir(join(root, 'world/region'), { recursive: true });
    await writeFile(join(root, 'world/region/r.0.0.mca'), Buffer.alloc(2 * MiB, 1));
    await writeFile(join(root, 'server.jar'), Buffer.alloc(MiB, 2));
    await link(join(root, 'server.jar'), join(root, 'copy.jar'));
    // A link to a large folder outside (the node's own files) must count as a link, not as that folder.
    await symlink('/usr', join(root, 'usr'));
    const bytes = await scanFolder(root);
    expect(bytes).toBeGreaterThanOrEqual(3 * MiB);
    expect(bytes).toBeLessThan(3 * MiB + 256 * 1024);
  });

  it('answers 0 for a folder that is not there', async () => {
    expect(await scanFolder(join(dir, 'missing'))).toBe(0);
  });
});

describe('DiskScanner', () => {
  it('measures each folder once, again only while its server runs or after a change, and tells of a folder over its limit', async () => {
    const usage = (name: string, running: () => boolean, limitMiB = 0) => new DiskUsage(join(dir, name), { limitMiB: () => limitMiB, running });
    for (const name of ['idle', 'busy', 'full']) await mkdir(join(dir, name), { recursive: true });
    await writeFile(join(dir, 'full/world.bin'), Buffer.alloc(2 * MiB, 1));
    const idle = usage('idle', () => false);
    const busy = usage('busy', () => true);
    const full = usage('full', () => false, 1);
    const scans = new Map<DiskUsage, number>();
    for (const one of [idle, busy, full]) {
      const scan = one.scan.bind(one);
      one.scan = () => {
        scans.set(one, (scans.get(one) ?? 0) + 1);
        return scan();
      };
    }
    const over: number[] = [];
    full.onOver((bytes) => over.push(bytes));
    // A stopped server's changes wait a minute unless one asks for a scan soon.
    const scanner = new DiskScanner(() => [idle, busy, full], { runningEveryMs: 100, changedEveryMs: 60_000, gapMs: 1 });
    scanner.start();
    try {
      await waitFor(() => (scans.get(busy) ?? 0) >= 4, 10_000, 'the running server to be measured again and again');
      expect(scans.get(idle)).toBe(1);
      expect(scans.get(full)).toBe(1);
      expect(full.over).toBe(true);
      expect(over).toEqual([full.bytes]);

      // A change only a scan can size (a folder deleted through the jail) has the stopped server measured again, once.
      await rm(join(dir, 'full/world.bin'));
      full.changed(true);
      await waitFor(() => scans.get(full) === 2, 5000, 'the changed server to be measured');
      expect(full.over).toBe(false);
      // A change a write counted waits for its turn.
      full.changed();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(scans.get(full)).toBe(2);
      expect(scans.get(idle)).toBe(1);
    } finally {
      await scanner.close();
    }
  });
});
