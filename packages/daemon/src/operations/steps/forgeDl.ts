import type { ForgeDlStep } from '@outpost/shared';
import { isRecord, substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { commandLine } from '../commandLine.js';
import { sourcesOf } from '../downloadSources.js';
import { downloadToFile, fetchFollowing, parseHttpUrl, type FetchContext } from '../downloadToFile.js';
import { fetchJson } from '../fetchJson.js';
import { shownPath, stepPath } from '../stepPath.js';

/**
 * The full Forge version ("1.20.1-47.3.0"): as written, or for a Minecraft version alone
 * ("1.20.1") its recommended build, else its latest, from Forge's promotions.
 */
async function fullVersion(version: string, ctx: FetchContext): Promise<string> {
  if (!/^\d+(\.\d+)+$/.test(version)) return version;
  const promotions = await fetchJson(sourcesOf(ctx).forgePromotions, ctx);
  const promos = isRecord(promotions) && isRecord(promotions.promos) ? promotions.promos : {};
  const build = promos[`${version}-recommended`] ?? promos[`${version}-latest`];
  if (typeof build !== 'string') throw new StepFailure(`Forge has no build for Minecraft ${version}`);
  return `${version}-${build}`;
}

/** The SHA-1 the maven publishes beside a file, or undefined when it publishes none. */
async function mavenSha1(url: URL, ctx: FetchContext): Promise<string | undefined> {
  const response = await fetchFollowing(new URL(`${url.href}.sha1`), ctx).catch((error: unknown) => {
    if (error instanceof StepFailure && / answered HTTP 404/.test(error.message)) return undefined;
    throw error;
  });
  const text = (await response?.text())?.trim().split(/\s+/)[0];
  return text && /^[0-9a-f]{40}$/i.test(text) ? text : undefined;
}

/**
 * Installs a Forge server the way Forge documents it: the installer of the version from the
 * Forge maven (SHA-1 checked) saved as `filename`, then `java -jar <filename> --installServer`
 * in the server folder, which writes the server jar or run scripts and the libraries. The
 * installer goes once it succeeded. `java` is the one a javadl step put first in PATH, if any.
 */
export async function forgeDl(step: ForgeDlStep, ctx: OperationContext): Promise<void> {
  const asked = substitute(step.version ?? '', ctx.variables).trim();
  if (!/^[\w.+-]+$/.test(asked)) throw new StepFailure(`"${asked}" is not a Forge version`);
  await installForge(await fullVersion(asked, ctx), step.filename, ctx);
}

/** Downloads and runs the Forge installer of an exact version (shared with spongeforgedl). */
export async function installForge(version: string, filename: string | undefined, ctx: OperationContext): Promise<void> {
  const installer = await stepPath(ctx, filename?.trim() ? filename : `forge-${version}-installer.jar`);
  const url = parseHttpUrl(`${sourcesOf(ctx).forgeMaven}/net/minecraftforge/forge/${version}/forge-${version}-installer.jar`);
  const sha1 = await mavenSha1(url, ctx);
  ctx.log(`Downloading the Forge ${version} installer to ${shownPath(installer)}${sha1 ? '' : ' (the maven publishes no checksum for it)'}`);
  await downloadToFile(url, ctx.files, installer, ctx, { log: ctx.log, checksum: sha1 ? { algorithm: 'sha1', hex: sha1 } : undefined });

  const argv = ['java', '-jar', installer, '--installServer'];
  ctx.log(commandLine(argv));
  const code = await ctx.exec(argv, { cwd: ctx.root, env: { ...ctx.env } }).catch((error: Error) => {
    throw new StepFailure(`could not run java: ${error.message}`);
  });
  if (code !== 0) throw new StepFailure(`the Forge installer exited with code ${code}`);
  await ctx.files.delete(installer).catch(() => {});
  ctx.log(`Forge ${version} is installed`);
}
