import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { OutpostError, templateArch, templateOs } from '@outpost/shared';
import type { Requirements } from '@outpost/shared';

/** The machine a check is about; defaults to this process's. */
export interface HostInfo {
  platform: string;
  arch: string;
  /** PATH to search for binaries. */
  path: string;
  /** Windows executable extensions (PATHEXT). */
  pathExt?: string;
}

function thisHost(): HostInfo {
  return { platform: process.platform, arch: process.arch, path: process.env.PATH ?? '', pathExt: process.env.PATHEXT };
}

// Spellings templates use for the same OS or architecture, each mapped to one name.
const osAliases: Record<string, string> = { win32: 'windows', win: 'windows', windows: 'windows', macos: 'darwin', mac: 'darwin', osx: 'darwin' };
const archAliases: Record<string, string> = {
  x64: 'amd64', x86_64: 'amd64', amd64: 'amd64',
  aarch64: 'arm64', arm64: 'arm64',
  x86: '386', i386: '386', i686: '386', ia32: '386', '386': '386',
  armv7: 'arm', armv7l: 'arm', armhf: 'arm', arm: 'arm',
};

/** A requirement's list: "linux|windows" or "linux, windows"; empty means any. */
function choices(text: string | undefined, aliases: Record<string, string>): string[] {
  const names = (text ?? '')
    .split(/[|,]/)
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
    .map((item) => aliases[item] ?? item);
  return [...new Set(names)];
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds a program on PATH as a shell would; answers its path or undefined. */
export async function findBinary(name: string, host: HostInfo = thisHost()): Promise<string | undefined> {
  const extensions = host.platform === 'win32' ? ['', ...(host.pathExt ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)] : [''];
  if (name.includes('/') || name.includes('\\')) return (await isExecutable(name)) ? name : undefined;
  for (const dir of host.path.split(delimiter).filter(Boolean)) {
    for (const ext of extensions) {
      const candidate = join(dir, name + ext);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * Checks a template's requirements against this node before installing or starting.
 * os and arch are lists ("linux|windows", "amd64|arm64"; x86_64/x64 and aarch64 are accepted
 * spellings); binaries must all be on PATH. Throws ErrUnsupportedOS {actual, expected},
 * ErrUnsupportedArch {actual, expected} or ErrMissingBinary {expected} (every missing one, comma
 * separated), with the spec's messages.
 */
export async function checkRequirements(requirements: Requirements | undefined, host: HostInfo = thisHost()): Promise<void> {
  if (!requirements) return;
  const os = templateOs(host.platform);
  const oses = choices(requirements.os, osAliases);
  if (oses.length && !oses.includes(os)) {
    const expected = oses.join(', ');
    throw new OutpostError('ErrUnsupportedOS', `OS (${os}) not supported, supported OS: ${expected}`, { actual: os, expected });
  }
  const arch = templateArch(host.arch);
  const arches = choices(requirements.arch, archAliases);
  if (arches.length && !arches.includes(arch)) {
    const expected = arches.join(', ');
    throw new OutpostError('ErrUnsupportedArch', `Architecture ${arch} not supported, supported architectures: ${expected}`, { actual: arch, expected });
  }
  const missing: string[] = [];
  for (const binary of requirements.binaries ?? []) {
    if (binary.trim() && !(await findBinary(binary.trim(), host))) missing.push(binary.trim());
  }
  if (missing.length) {
    const expected = missing.join(', ');
    throw new OutpostError('ErrMissingBinary', `Missing binary: ${expected}`, { expected });
  }
}
