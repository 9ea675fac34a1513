import type { MojangDlStep } from '@outpost/shared';
import { isRecord, substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { sourcesOf } from '../downloadSources.js';
import { downloadToFile, parseHttpUrl } from '../downloadToFile.js';
import { fetchJson } from '../fetchJson.js';
import { shownPath, stepPath } from '../stepPath.js';

/**
 * Picks a version from the launcher manifest: "latest" (or empty) is the latest release,
 * "snapshot"/"latest-snapshot" the latest snapshot, anything else an exact version id.
 */
export function findVersionUrl(manifest: unknown, wanted: string): { id: string; url: string } {
  if (!isRecord(manifest) || !Array.isArray(manifest.versions)) throw new StepFailure('the version manifest has an unexpected shape');
  const latest = isRecord(manifest.latest) ? manifest.latest : {};
  const id =
    wanted === '' || wanted === 'latest' || wanted === 'release'
      ? latest.release
      : wanted === 'snapshot' || wanted === 'latest-snapshot'
        ? latest.snapshot
        : wanted;
  const entry = manifest.versions.find((v: unknown) => isRecord(v) && v.id === id) as Record<string, unknown> | undefined;
  if (typeof id !== 'string' || !entry || typeof entry.url !== 'string') throw new StepFailure(`Minecraft version ${wanted} was not found`);
  return { id, url: entry.url };
}

/** Downloads the Minecraft server jar of a version (looked up in Mojang's manifest) to the target, checking its SHA-1 on the way. */
export async function mojangDl(step: MojangDlStep, ctx: OperationContext): Promise<void> {
  const wanted = substitute(step.version ?? '', ctx.variables).trim();
  const target = await stepPath(ctx, step.target);
  const { id, url } = findVersionUrl(await fetchJson(sourcesOf(ctx).mojangManifest, ctx), wanted);
  const version = await fetchJson(url, ctx);
  const server = isRecord(version) && isRecord(version.downloads) ? version.downloads.server : undefined;
  if (!isRecord(server) || typeof server.url !== 'string') throw new StepFailure(`Minecraft ${id} has no server download`);

  ctx.log(`Downloading the Minecraft ${id} server to ${shownPath(target)}`);
  const checksum = typeof server.sha1 === 'string' ? { algorithm: 'sha1' as const, hex: server.sha1 } : undefined;
  await downloadToFile(parseHttpUrl(server.url), ctx.files, target, ctx, { log: ctx.log, checksum });
}
