import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { ServerFiles } from './ServerFiles.js';

let base: string;
let root: string;
let files: ServerFiles;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-create-zip-'));
  root = join(base, 'server');
  await mkdir(root);
  files = new ServerFiles(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));

/** The zip's entries as name → contents (folders as null). */
async function readZip(path: string): Promise<Map<string, string | null>> {
  const zip = await yauzl.openPromise(path);
  const found = new Map<string, string | null>();
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) {
        found.set(entry.fileName, null);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      found.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
    }
  } finally {
    zip.close();
  }
  return found;
}

describe('creating a zip', () => {
  it('stores files with odd or long names, and the zip extracts again', async () => {
    const longest = 'n'.repeat(255);
    await mkdir(join(root, 'odd'));
    // A name that is not UTF-8 (as SFTP clients may create), one with backslashes that would climb
    // on Windows, the longest name Linux allows, and characters from outside the BMP and controls.
    await writeFile(Buffer.from(join(root, 'odd/caf\xe9\xff.txt'), 'latin1'), 'latin1 name');
    await writeFile(join(root, 'odd/..\\..\\evil.txt'), 'backslashes');
    await writeFile(join(root, 'odd', longest), 'long name');
    await writeFile(join(root, 'odd/line\nbreak \u{1f600}.txt'), 'controls');

    await files.archive('bundle.zip', ['odd']);
    const stored = await readZip(join(root, 'bundle.zip'));
    expect([...stored.keys()].sort()).toEqual(['odd/', `odd/${longest}`, 'odd/.._.._evil.txt', 'odd/caf\ufffd\ufffd.txt', 'odd/line\nbreak \u{1f600}.txt'].sort());
    expect(stored.get('odd/caf\ufffd\ufffd.txt')).toBe('latin1 name');
    expect(stored.get('odd/.._.._evil.txt')).toBe('backslashes');

    await files.extract('bundle.zip', 'back');
    expect(await readFile(join(root, 'back/odd', longest), 'utf8')).toBe('long name');
    expect(await readFile(join(root, 'back/odd/caf\ufffd\ufffd.txt'), 'utf8')).toBe('latin1 name');
  });

  it('archives the server folder holding such names, at the top of the zip', async () => {
    await writeFile(Buffer.from(join(root, '\xff'), 'latin1'), 'x');
    await writeFile(join(root, 'a\\b'), 'y');
    await files.archive('all.zip', ['/']);
    const stored = await readZip(join(root, 'all.zip'));
    expect(new Map([...stored].filter(([name]) => name !== 'all.zip'))).toEqual(
      new Map([
        ['\ufffd', 'x'],
        ['a_b', 'y'],
      ]),
    );
  });
});
