import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutpostError } from '@outpost/shared';
import type { Requirements } from '@outpost/shared';
import { checkRequirements, findBinary, type HostInfo } from './checkRequirements.js';

let bin: string;
let linux: HostInfo;

beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), 'outpost-bin-'));
  await writeFile(join(bin, 'java'), '#!/bin/sh\n');
  await chmod(join(bin, 'java'), 0o755);
  await writeFile(join(bin, 'notexec'), 'data');
  linux = { platform: 'linux', arch: 'x64', path: bin };
});
afterAll(() => rm(bin, { recursive: true, force: true }));

async function failure(requirements: Requirements, host: HostInfo = linux): Promise<string> {
  const error = await checkRequirements(requirements, host).then(() => undefined, (e: unknown) => e);
  if (!(error instanceof OutpostError)) return 'passed';
  return `${error.code}: ${error.message} ${JSON.stringify(error.metadata)}`;
}

describe('checkRequirements', () => {
  it('passes when nothing is required', async () => {
    await expect(checkRequirements(undefined, linux)).resolves.toBeUndefined();
    await expect(checkRequirements({}, linux)).resolves.toBeUndefined();
  });

  it('accepts any OS of a list, in any of its spellings', async () => {
    expect(await failure({ os: 'linux' })).toBe('passed');
    expect(await failure({ os: 'windows|linux' })).toBe('passed');
    expect(await failure({ os: 'windows' }, { ...linux, platform: 'win32' })).toBe('passed');
  });

  it('refuses another OS with the spec message', async () => {
    expect(await failure({ os: 'windows' })).toBe(
      'ErrUnsupportedOS: OS (linux) not supported, supported OS: windows {"actual":"linux","expected":"windows"}',
    );
    expect(await failure({ os: 'linux|darwin' }, { ...linux, platform: 'win32' })).toMatch(/^ErrUnsupportedOS: OS \(windows\) not supported, supported OS: linux, darwin/);
  });

  it('treats amd64, x86_64 and x64 (and arm64, aarch64) as the same', async () => {
    expect(await failure({ arch: 'amd64' })).toBe('passed');
    expect(await failure({ arch: 'x86_64' })).toBe('passed');
    expect(await failure({ arch: 'aarch64' }, { ...linux, arch: 'arm64' })).toBe('passed');
  });

  it('refuses another architecture with the spec message', async () => {
    expect(await failure({ arch: 'arm64|aarch64' })).toBe(
      'ErrUnsupportedArch: Architecture amd64 not supported, supported architectures: arm64 {"actual":"amd64","expected":"arm64"}',
    );
  });

  it('finds binaries on PATH and names every missing one', async () => {
    expect(await failure({ binaries: ['java'] })).toBe('passed');
    expect(await failure({ binaries: ['java', 'steamcmd', 'notexec'] })).toBe('ErrMissingBinary: Missing binary: steamcmd, notexec {"expected":"steamcmd, notexec"}');
    expect(await findBinary('java', linux)).toBe(join(bin, 'java'));
  });

  it('checks the real machine by default', async () => {
    await expect(checkRequirements({ binaries: ['sh'] })).resolves.toBeUndefined();
  });
});
