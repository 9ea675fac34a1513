import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { arch } from 'node:os';
import type { JavaDlStep } from '@outpost/shared';
import { isRecord, OutpostError } from '@outpost/shared';
import { ServerFiles } from '../../files/ServerFiles.js';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { sourcesOf } from '../downloadSources.js';
import { downloadToFile, parseHttpUrl, type FetchContext } from '../downloadToFile.js';
import { fetchJson } from '../fetchJson.js';
import { javaEnvironment, javaHomeFor } from '../javaHome.js';

/** Node's names for CPUs, as Adoptium spells them. */
const adoptiumArch: Record<string, string> = { x64: 'x64', arm64: 'aarch64', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x' };

/** One fetch per version at a time, whichever servers ask: the second waits for the first. */
const inFlight = new Map<string, Promise<void>>();

interface JdkPackage {
  link: string;
  sha256?: string;
  release: string;
}

/** The newest GA JDK of a major version for this OS and CPU, from Adoptium's assets list. */
async function findJdk(version: number, cpu: string, ctx: FetchContext): Promise<JdkPackage> {
  const query = new URLSearchParams({ architecture: cpu, image_type: 'jdk', os: 'linux', vendor: 'eclipse' });
  const list = await fetchJson(`${sourcesOf(ctx).adoptiumApi}/v3/assets/latest/${version}/hotspot?${query}`, ctx);
  for (const entry of Array.isArray(list) ? list : []) {
    const pack = isRecord(entry) && isRecord(entry.binary) && isRecord(entry.binary.package) ? entry.binary.package : undefined;
    if (pack && typeof pack.link === 'string') {
      return {
        link: pack.link,
        sha256: typeof pack.checksum === 'string' ? pack.checksum : undefined,
        release: isRecord(entry) && typeof entry.release_name === 'string' ? entry.release_name : `${version}`,
      };
    }
  }
  throw new StepFailure(`Adoptium has no JDK ${version} for linux/${cpu}`);
}

/** Downloads, checks and unpacks the JDK into <javaDir>/<version>; only a complete JDK ever has that name. */
async function installJdk(javaDir: string, version: number, ctx: OperationContext): Promise<void> {
  const cpu = adoptiumArch[arch()];
  if (!cpu) throw new OutpostError('ErrUnsupportedArch', `Adoptium has no JDK for this CPU (${arch()})`, { actual: arch(), expected: Object.keys(adoptiumArch).join(', ') });
  const jdk = await findJdk(version, cpu, ctx);
  await mkdir(javaDir, { recursive: true, mode: 0o755 });
  // The shared folder belongs to the daemon: the jail there works with the daemon's rights, and
  // every server user may read and run what it unpacks.
  const files = new ServerFiles(javaDir);
  const archive = `${version}.download`;
  const unpacked = `${version}.unpacking`;
  try {
    await files.delete(unpacked).catch(() => {});
    ctx.log(`Downloading Java ${jdk.release} (${cpu}) from ${parseHttpUrl(jdk.link).host}`);
    const checksum = jdk.sha256 ? { algorithm: 'sha256' as const, hex: jdk.sha256 } : undefined;
    await downloadToFile(parseHttpUrl(jdk.link), files, archive, ctx, { log: ctx.log, checksum });
    ctx.log(`Unpacking Java ${jdk.release}`);
    await files.extract(archive, unpacked);
    // The archive holds one folder (jdk-17.0.9+9/ and the like): that folder is the JDK.
    const entries = await files.list(unpacked);
    const top = entries.length === 1 && !entries[0].isFile ? `${unpacked}/${entries[0].name}` : unpacked;
    if (!(await files.info(`${top}/bin/java`, false).catch(() => undefined))) throw new StepFailure(`the JDK ${jdk.release} archive holds no bin/java`);
    await files.rename(top, String(version));
  } finally {
    await files.delete(archive).catch(() => {});
    await files.delete(unpacked).catch(() => {});
    files.close();
  }
}

/**
 * Puts a JDK of the major version (8, 11, 16, 17, 21, ...) from Adoptium in the node's shared Java
 * folder, once for every server, its SHA-256 checked; then JAVA_HOME and PATH point at it for
 * the steps after this one (the server's run command gets them too, see serverJavaEnvironment).
 */
export async function javaDl(step: JavaDlStep, ctx: OperationContext): Promise<void> {
  const version = Number(step.version);
  if (!Number.isInteger(version) || version < 8 || version > 99) throw new StepFailure(`${step.version} is not a Java version`);
  if (!ctx.javaDir) throw new StepFailure('this node has no folder for Java');
  const home = javaHomeFor(ctx.javaDir, version);
  if (existsSync(`${home}/bin/java`)) {
    ctx.log(`Java ${version} is already on this node`);
  } else {
    const key = home;
    let work = inFlight.get(key);
    if (!work) {
      work = installJdk(ctx.javaDir, version, ctx).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
    } else {
      ctx.log(`Waiting for another server's download of Java ${version}`);
    }
    await work;
    ctx.log(`Java ${version} is ready`);
  }
  Object.assign(ctx.env ?? {}, javaEnvironment(home, ctx.env?.PATH ?? process.env.PATH));
}
