// forgedl, spongeforgedl, javadl and steamgamedl against a local HTTP server in the upstreams'
// shapes (Forge maven and promotions, Sponge's download API, Adoptium's assets), with real java,
// a real tar.gz JDK and a stand-in steamcmd that records its arguments.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerDefinition, Step } from '@outpost/shared';
import { downloadSourcesWith } from './downloadSources.js';
import { serverJavaEnvironment } from './javaHome.js';
import { runOperations } from './runOperations.js';
import { failureOf, makeContext, serveHttp, type TestContext, type TestHttpServer } from './testKit.js';

const sha1 = (data: Buffer | string) => createHash('sha1').update(data).digest('hex');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function hasJava(): boolean {
  try {
    execFileSync('javac', ['-version'], { stdio: 'ignore' });
    execFileSync('jar', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const javaHere = hasJava();
if (!javaHere) console.warn('forgedl tests skipped: java, javac and jar are needed to build and run a Forge installer');

let fixtures: string;
/** A Forge installer stand-in: with --installServer it writes what Forge's does (run.sh, the args file). */
let installerJar = Buffer.alloc(0);
/** A JDK tarball: jdk-17.0.9+9/bin/java prints its JAVA_HOME. */
let jdkTarball = Buffer.alloc(0);
const spongeJar = randomBytes(2 * 1024 * 1024);

beforeAll(async () => {
  fixtures = await mkdtemp(join(tmpdir(), 'outpost-tools-'));
  const jdk = join(fixtures, 'jdk', 'jdk-17.0.9+9', 'bin');
  await mkdir(jdk, { recursive: true });
  await writeFile(join(jdk, 'java'), '#!/bin/sh\necho "fake java 17 at $JAVA_HOME"\n', { mode: 0o755 });
  execFileSync('tar', ['-czf', join(fixtures, 'jdk.tar.gz'), '-C', join(fixtures, 'jdk'), 'jdk-17.0.9+9']);
  jdkTarball = await readFile(join(fixtures, 'jdk.tar.gz'));
  if (!javaHere) return;
  const source = join(fixtures, 'src');
  await mkdir(source);
  await writeFile(
    join(source, 'Installer.java'),
    `import java.nio.file.*;
public class Installer {
  public static void main(String[] args) throws Exception {
    if (args.length != 1 || !args[0].equals("--installServer")) { System.err.println("usage: --installServer"); System.exit(2); }
    Path args_ = Paths.get("libraries/net/minecraftforge/forge/1.20.1-47.3.0/unix_args.txt");
    Files.createDirectories(args_.getParent());
    Files.write(args_, "-cp forge.jar".getBytes());
    Files.write(Paths.get("run.sh"), "#!/bin/sh\\njava @libraries/net/minecraftforge/forge/1.20.1-47.3.0/unix_args.txt\\n".getBytes());
    System.out.println("The server installed successfully");
  }
}
`,
  );
  execFileSync('javac', ['-d', join(fixtures, 'classes'), join(source, 'Installer.java')]);
  execFileSync('jar', ['--create', '--file', join(fixtures, 'installer.jar'), '--main-class', 'Installer', '-C', join(fixtures, 'classes'), '.']);
  installerJar = await readFile(join(fixtures, 'installer.jar'));
}, 60_000);
afterAll(() => rm(fixtures, { recursive: true, force: true }));

let ctx: TestContext;
let http: TestHttpServer;
/** How the next answers misbehave. */
let fault: 'none' | 'truncated' | 'badChecksum' = 'none';
const requests: string[] = [];

/** Answers `body`, or on a fault a cut-short body (the connection closes before Content-Length). */
function send(res: import('node:http').ServerResponse, body: Buffer): void {
  if (fault === 'truncated') {
    res.writeHead(200, { 'content-length': String(body.length) });
    res.write(body.subarray(0, body.length >> 1), () => res.destroy());
    return;
  }
  res.writeHead(200, { 'content-length': String(body.length) });
  // In pieces, as a network would deliver it, so progress has something to report.
  for (let at = 0; at < body.length; at += 256 * 1024) res.write(body.subarray(at, at + 256 * 1024));
  res.end();
}

beforeEach(async () => {
  ctx = await makeContext({ forgeVersion: '1.20.1-47.3.0' });
  ctx.javaDir = join(ctx.outside, 'java');
  fault = 'none';
  requests.length = 0;
  http = await serveHttp((req, res) => {
    const base = `http://${req.headers.host}`;
    const url = new URL(req.url!, base);
    requests.push(url.pathname);
    const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const forge = /^\/maven\/net\/minecraftforge\/forge\/([^/]+)\/forge-\1-installer\.jar(\.sha1)?$/.exec(url.pathname);
    if (forge && forge[1] !== '9.9.9-0.0.0') {
      if (forge[2]) return void res.end(fault === 'badChecksum' ? sha1('something else') : sha1(installerJar));
      return send(res, installerJar);
    }
    if (url.pathname === '/promotions_slim.json') {
      return json({ homepage: 'https://files.minecraftforge.net/', promos: { '1.20.1-latest': '47.3.5', '1.20.1-recommended': '47.3.0' } });
    }
    if (url.pathname === '/sponge/v1/org.spongepowered/spongeforge/downloads' && url.searchParams.get('type') === 'stable') {
      const file = 'spongeforge-1.12.2-2838-7.4.7.jar';
      return json([
        {
          version: '1.12.2-2838-7.4.7',
          label: 'stable',
          dependencies: { forge: '14.23.5.2838', minecraft: '1.12.2' },
          artifacts: {
            '': { url: `${base}/repo/${file}`, sha1: fault === 'badChecksum' ? sha1('x') : sha1(spongeJar), size: spongeJar.length },
            sources: { url: `${base}/repo/sources.jar`, sha1: 'x' },
          },
        },
      ]);
    }
    if (url.pathname === '/repo/spongeforge-1.12.2-2838-7.4.7.jar') return send(res, spongeJar);
    if (url.pathname === '/adoptium/v3/assets/latest/17/hotspot') {
      const checksum = fault === 'badChecksum' ? sha256('x') : sha256(jdkTarball);
      return json([
        {
          binary: {
            architecture: url.searchParams.get('architecture'),
            image_type: 'jdk',
            os: 'linux',
            package: { checksum, link: `${base}/temurin/OpenJDK17U-jdk_x64_linux_hotspot_17.0.9_9.tar.gz`, name: 'OpenJDK17U.tar.gz', size: jdkTarball.length },
          },
          release_name: 'jdk-17.0.9+9',
          vendor: 'eclipse',
        },
      ]);
    }
    if (url.pathname.startsWith('/temurin/')) return send(res, jdkTarball);
    res.writeHead(404).end(JSON.stringify({ errorMessage: 'not found' }));
  });
  ctx.sources = downloadSourcesWith({
    forgeMaven: `${http.url}/maven`,
    forgePromotions: `${http.url}/promotions_slim.json`,
    spongeApi: `${http.url}/sponge`,
    adoptiumApi: `${http.url}/adoptium`,
  });
});
afterEach(async () => {
  await http.close();
  await ctx.cleanup();
});

const failure = (steps: Step[]) => failureOf(steps, ctx);

describe.skipIf(!javaHere)('forgedl', () => {
  it('downloads the installer of the version and runs it with java --installServer', async () => {
    await runOperations([{ type: 'forgedl', version: '${forgeVersion}', filename: 'installer.jar' }], ctx);
    expect(await readFile(join(ctx.root, 'run.sh'), 'utf8')).toContain('unix_args.txt');
    expect(await readFile(join(ctx.root, 'libraries/net/minecraftforge/forge/1.20.1-47.3.0/unix_args.txt'), 'utf8')).toBe('-cp forge.jar');
    expect(ctx.lines).toContain('Running: java -jar installer.jar --installServer');
    expect(ctx.lines).toContain('The server installed successfully');
    // The installer has done its work and goes.
    expect(await readdir(ctx.root)).not.toContain('installer.jar');
  });

  it('takes a Minecraft version alone as its recommended Forge build', async () => {
    await runOperations([{ type: 'forgedl', version: '1.20.1', filename: '' }], ctx);
    expect(requests).toContain('/maven/net/minecraftforge/forge/1.20.1-47.3.0/forge-1.20.1-47.3.0-installer.jar');
    expect(ctx.lines).toContain('Forge 1.20.1-47.3.0 is installed');
  });

  it('fails on a version the maven does not have', async () => {
    expect((await failure([{ type: 'forgedl', version: '9.9.9-0.0.0', filename: 'installer.jar' }])).message).toBe(
      `step 1 (forgedl) failed: ${http.url}/maven/net/minecraftforge/forge/9.9.9-0.0.0/forge-9.9.9-0.0.0-installer.jar answered HTTP 404 Not Found`,
    );
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('refuses an installer that does not match the SHA-1 beside it, and runs nothing', async () => {
    fault = 'badChecksum';
    expect((await failure([{ type: 'forgedl', version: '1.20.1-47.3.0', filename: 'installer.jar' }])).message).toMatch(/installer\.jar does not match its SHA-1 checksum/);
    expect(await readdir(ctx.root)).toEqual([]);
  });

  it('refuses a download cut short, leaving no file', async () => {
    fault = 'truncated';
    expect((await failure([{ type: 'forgedl', version: '1.20.1-47.3.0', filename: 'installer.jar' }])).message).toMatch(/installer\.jar was cut short/);
    expect(await readdir(ctx.root)).toEqual([]);
  });
});

describe.skipIf(!javaHere)('spongeforgedl', () => {
  it('puts the SpongeForge jar in mods/ and installs the Forge it was built for', async () => {
    await runOperations([{ type: 'spongeforgedl', releaseType: 'stable' }], ctx);
    expect(sha1(await readFile(join(ctx.root, 'mods/spongeforge-1.12.2-2838-7.4.7.jar')))).toBe(sha1(spongeJar));
    expect(requests).toContain('/maven/net/minecraftforge/forge/1.12.2-14.23.5.2838/forge-1.12.2-14.23.5.2838-installer.jar');
    expect(await readdir(ctx.root)).toContain('run.sh');
    // 2 MiB in pieces: progress lines on the way, in order.
    const progress = ctx.lines.filter((line) => /^Downloading spongeforge-.*: \d+ %/.test(line)).map((line) => Number(/: (\d+) %/.exec(line)![1]));
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('fails clearly on a release type Sponge does not list', async () => {
    expect((await failure([{ type: 'spongeforgedl', releaseType: 'bleeding' }])).message).toMatch(/answered HTTP 404 Not Found$/);
  });

  it('refuses a SpongeForge jar with the wrong SHA-1 and keeps nothing', async () => {
    fault = 'badChecksum';
    expect((await failure([{ type: 'spongeforgedl', releaseType: 'stable' }])).message).toMatch(/spongeforge-1\.12\.2-2838-7\.4\.7\.jar does not match its SHA-1 checksum/);
    expect(await readdir(ctx.root)).toEqual([]);
  });
});

describe('javadl', () => {
  const def = (version: number) => ({ install: [{ type: 'javadl', version }], run: { command: 'java' } }) as unknown as ServerDefinition;

  it('fetches the JDK once into the shared folder and puts it first in PATH with JAVA_HOME for the steps after', async () => {
    await runOperations([{ type: 'javadl', version: 17 }, { type: 'command', commands: ['java'] }], ctx);
    const home = join(ctx.javaDir!, '17');
    expect(ctx.lines).toContain(`fake java 17 at ${home}`);
    expect(await readdir(ctx.javaDir!)).toEqual(['17']);
    // The server's run command gets the same Java.
    expect(serverJavaEnvironment(def(17), ctx.javaDir, '/usr/bin')).toEqual({ JAVA_HOME: home, PATH: `${home}/bin:/usr/bin` });

    // Another install (another server) finds it there.
    ctx.lines.length = 0;
    await runOperations([{ type: 'javadl', version: 17 }], ctx);
    expect(ctx.lines).toContain('Java 17 is already on this node');
    expect(requests.filter((path) => path.startsWith('/temurin/'))).toHaveLength(1);
  });

  it('fails clearly on a version Adoptium does not have', async () => {
    const cpu = process.arch === 'arm64' ? 'aarch64' : 'x64';
    expect((await failure([{ type: 'javadl', version: 9 }])).message).toBe(
      `step 1 (javadl) failed: ${http.url}/adoptium/v3/assets/latest/9/hotspot?architecture=${cpu}&image_type=jdk&os=linux&vendor=eclipse answered HTTP 404 Not Found`,
    );
    expect(serverJavaEnvironment(def(9), ctx.javaDir, '/usr/bin')).toEqual({});
  });

  it('refuses a JDK that does not match its SHA-256, leaving nothing in the shared folder', async () => {
    fault = 'badChecksum';
    expect((await failure([{ type: 'javadl', version: 17 }])).message).toMatch(/OpenJDK17U-jdk_x64_linux_hotspot_17\.0\.9_9\.tar\.gz does not match its SHA-256 checksum/);
    expect(await readdir(ctx.javaDir!)).toEqual([]);
  });

  it('refuses a JDK download cut short, leaving nothing in the shared folder', async () => {
    fault = 'truncated';
    expect((await failure([{ type: 'javadl', version: 17 }])).message).toMatch(/\.tar\.gz was cut short/);
    expect(await readdir(ctx.javaDir!)).toEqual([]);
  });
});

describe('steamgamedl', () => {
  it('fails with ErrMissingBinary {expected: "steamcmd"} when the node has no steamcmd', async () => {
    ctx.env = { PATH: ctx.outside };
    const error = await failure([{ type: 'steamgamedl', appId: '896660' }]);
    expect(error.code).toBe('ErrMissingBinary');
    expect(error.metadata).toMatchObject({ expected: 'steamcmd', step: 1, type: 'steamgamedl' });
  });

  it('runs steamcmd into the server folder, logged in anonymously, with validate', async () => {
    const bin = join(ctx.outside, 'bin');
    await mkdir(bin);
    await writeFile(join(bin, 'steamcmd'), '#!/bin/sh\nprintf "%s\\n" "$@" > steamcmd-args.txt\necho "Success! App fully installed."\n');
    await chmod(join(bin, 'steamcmd'), 0o755);
    ctx.env = { PATH: `${bin}:${process.env.PATH}` };
    await runOperations([{ type: 'steamgamedl', appId: '896660' }], ctx);
    expect((await readFile(join(ctx.root, 'steamcmd-args.txt'), 'utf8')).trim().split('\n')).toEqual([
      '+force_install_dir',
      ctx.root,
      '+login',
      'anonymous',
      '+app_update',
      '896660',
      'validate',
      '+quit',
    ]);
    expect(ctx.lines).toContain('Success! App fully installed.');
  });

  it('refuses an app id that is not a number', async () => {
    expect((await failure([{ type: 'steamgamedl', appId: '1 +quit' }])).message).toBe('step 1 (steamgamedl) failed: "1 +quit" is not a Steam app id');
  });
});
