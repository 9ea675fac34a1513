import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutpostError } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerFiles } from './ServerFiles.js';
import { tarOf, withRawZipName, zipOf } from './testArchives.js';

let base: string;
let root: string;
let files: ServerFiles;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'outpost-entry-names-'));
  root = join(base, 'server');
  await mkdir(root);
  files = new ServerFiles(root);
});
afterEach(() => rm(base, { recursive: true, force: true }));

const tooLong = { code: 'ErrNameTooLong', status: 400 };
const longNames = {
  'a 300-byte name': 'a'.repeat(300),
  'a name of 100 CJK characters (300 bytes)': '字'.repeat(100),
  'a long folder name': `${'d'.repeat(256)}/file.txt`,
  'a path over 4096 bytes': Array.from({ length: 40 }, () => 'f'.repeat(120)).join('/'),
};

/** Extracts and expects success or a 4xx OutpostError, never anything else; nothing may land outside. */
async function extractSafely(archive: string): Promise<OutpostError | undefined> {
  const error = await files.extract(archive, 'out').then(
    () => undefined,
    (error: unknown) => error,
  );
  if (error !== undefined) {
    expect(error).toBeInstanceOf(OutpostError);
    expect((error as OutpostError).status).toBeLessThan(500);
  }
  expect(await readdir(base)).toEqual(['server']);
  return error as OutpostError | undefined;
}

describe('archive entry names', () => {
  for (const [what, name] of Object.entries(longNames)) {
    it(`answers ErrNameTooLong for ${what} in a tar or zip, writing nothing`, async () => {
      await writeFile(join(root, 'long.tar'), tarOf([{ path: 'ok.txt', body: 'fine' }, { path: name, body: 'x' }]));
      await expect(files.extract('long.tar', 'tar')).rejects.toMatchObject(tooLong);
      await writeFile(join(root, 'long.zip'), await zipOf([{ name: 'ok.txt', body: 'fine' }, { name, body: 'x' }]));
      await expect(files.extract('long.zip', 'zip')).rejects.toMatchObject(tooLong);
      expect(await readdir(join(root, 'zip'))).toEqual([]);
    });
  }

  it('answers ErrNameTooLong for a link whose target is over 4096 bytes', async () => {
    await writeFile(join(root, 'link.tar'), tarOf([{ path: 'link', type: 'SymbolicLink', linkpath: 'x/'.repeat(2100) }]));
    await expect(files.extract('link.tar', '/')).rejects.toMatchObject(tooLong);
    await writeFile(join(root, 'link.zip'), await zipOf([{ name: 'link', body: 'x/'.repeat(2100), mode: 0o120777 }]));
    await expect(files.extract('link.zip', '/')).rejects.toMatchObject(tooLong);
  });

  it('extracts names of up to 255 bytes, the longest a file system holds', async () => {
    const longest = `${'é'.repeat(126)}abc`; // 255 bytes
    await writeFile(join(root, 'max.tar'), tarOf([{ path: `dir/${longest}`, body: 'tar' }]));
    await files.extract('max.tar', 'tar');
    expect(await readFile(join(root, 'tar/dir', longest), 'utf8')).toBe('tar');
    await writeFile(join(root, 'max.zip'), await zipOf([{ name: longest, body: 'zip' }]));
    await files.extract('max.zip', 'zip');
    expect(await readFile(join(root, 'zip', longest), 'utf8')).toBe('zip');
  });

  it('never answers a 5xx for odd bytes and characters in zip names, and writes nothing outside', async () => {
    // [what, raw name, UTF-8 flag, the code expected (none: extracted under its decoded name)]
    const odd: [string, Buffer, boolean, string | undefined][] = [
      ['bytes that are not UTF-8, without the UTF-8 flag (CP437)', Buffer.from('caf\x82\xff\xfe.txt', 'latin1'), false, undefined],
      ['bytes that are not UTF-8, under the UTF-8 flag', Buffer.from('bad\xc3\x28\xa0\xa1.txt', 'latin1'), true, undefined],
      ['an encoded lone surrogate (CESU-8)', Buffer.from('lone\xed\xa0\x80.txt', 'latin1'), true, undefined],
      ['a NUL byte', Buffer.from('nul\x00name.txt', 'latin1'), true, 'ErrPathOutsideServer'],
      ['backslashes that climb', Buffer.from('..\\..\\x.txt', 'latin1'), true, 'ErrPathOutsideServer'],
    ];
    for (const [what, raw, utf8, code] of odd) {
      const name = 'Q'.repeat(raw.length);
      await writeFile(join(root, 'odd.zip'), withRawZipName(await zipOf([{ name, body: what }]), name, raw, utf8));
      expect((await extractSafely('odd.zip'))?.code, what).toBe(code);
    }
    const written = (await readdir(join(root, 'out'))).sort();
    expect(written).toEqual(['bad\ufffd(\ufffd\ufffd.txt', 'caf\u00e9\u00a0\u25a0.txt', 'lone\ufffd\ufffd\ufffd.txt']);
    for (const name of written) expect(await readFile(join(root, 'out', name), 'utf8')).toMatch(/UTF-8|surrogate/);
  });

  it('keeps names that only look like ".." (full-width dots, one-dot leaders) as plain names inside', async () => {
    const lookalikes = ['\uff0e\uff0e/a.txt', '\u2025/b.txt', '\u2024\u2024/c.txt', '.\u200b./d.txt'];
    await writeFile(join(root, 'dots.zip'), await zipOf(lookalikes.map((name) => ({ name, body: name }))));
    await writeFile(join(root, 'dots.tar'), tarOf(lookalikes.map((path) => ({ path, body: path }))));
    for (const archive of ['dots.zip', 'dots.tar']) {
      expect(await extractSafely(archive)).toBeUndefined();
      for (const name of lookalikes) expect(await readFile(join(root, 'out', name), 'utf8')).toBe(name);
    }
  });

  it('extracts a tar name of invalid UTF-8 under its decoded name, inside', async () => {
    await writeFile(join(root, 'raw.tar'), tarOf([{ path: 'placeholder', rawName: Buffer.from('r\xe9sum\xe9\xff.txt', 'latin1'), body: 'cv' }]));
    expect(await extractSafely('raw.tar')).toBeUndefined();
    const [name] = await readdir(join(root, 'out'));
    expect(name).toContain('\ufffd');
    expect(await readFile(join(root, 'out', name!), 'utf8')).toBe('cv');
  });

  it('refuses a file entry without a name (".", "a/..") instead of writing over the destination folder', async () => {
    for (const name of ['.', 'a/..', './']) {
      await writeFile(join(root, 'dot.tar'), tarOf([{ path: name, body: 'x' }]));
      const error = await extractSafely('dot.tar');
      if (name !== './') expect(error).toMatchObject({ code: 'ErrUnsupportedArchive' });
    }
    const honest = await zipOf([{ name: 'X', body: 'x' }]);
    await writeFile(join(root, 'dot.zip'), withRawZipName(honest, 'X', Buffer.from('.'), true));
    expect(await extractSafely('dot.zip')).toMatchObject({ code: 'ErrUnsupportedArchive' });
    expect(await readdir(base)).toEqual(['server']);
  });
});
