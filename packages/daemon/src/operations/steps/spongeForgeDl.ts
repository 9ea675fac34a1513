import type { SpongeForgeDlStep } from '@outpost/shared';
import { isRecord, substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { sourcesOf } from '../downloadSources.js';
import { downloadToFile, parseHttpUrl } from '../downloadToFile.js';
import { fetchJson } from '../fetchJson.js';
import { fileNameOf } from './download.js';
import { installForge } from './forgeDl.js';

/**
 * SpongeForge: the newest SpongeForge build of the release type ("stable" by default, or
 * "bleeding") from Sponge's download API into mods/ (SHA-1 checked), then the Forge it was
 * built against, installed as forgedl does.
 */
export async function spongeForgeDl(step: SpongeForgeDlStep, ctx: OperationContext): Promise<void> {
  const releaseType = substitute(step.releaseType ?? '', ctx.variables).trim() || 'stable';
  if (!/^[a-z]+$/.test(releaseType)) throw new StepFailure(`"${releaseType}" is not a SpongeForge release type`);
  const query = new URLSearchParams({ type: releaseType, limit: '1' });
  const list = await fetchJson(`${sourcesOf(ctx).spongeApi}/v1/org.spongepowered/spongeforge/downloads?${query}`, ctx);
  const build = Array.isArray(list) ? list.find(isRecord) : undefined;
  const dependencies = build && isRecord(build.dependencies) ? build.dependencies : {};
  const artifact = build && isRecord(build.artifacts) && isRecord(build.artifacts['']) ? build.artifacts[''] : undefined;
  if (!build || !artifact || typeof artifact.url !== 'string') throw new StepFailure(`Sponge lists no ${releaseType} SpongeForge build`);
  const { minecraft, forge } = dependencies;
  if (typeof minecraft !== 'string' || typeof forge !== 'string') throw new StepFailure('the SpongeForge build does not say which Forge it needs');

  const url = parseHttpUrl(artifact.url);
  const target = `mods/${fileNameOf(url)}`;
  const version = typeof build.version === 'string' ? build.version : fileNameOf(url);
  ctx.log(`Downloading SpongeForge ${version} to ${target}`);
  const checksum = typeof artifact.sha1 === 'string' ? { algorithm: 'sha1' as const, hex: artifact.sha1 } : undefined;
  await downloadToFile(url, ctx.files, target, ctx, { log: ctx.log, checksum });
  await installForge(`${minecraft}-${forge}`, undefined, ctx);
}
