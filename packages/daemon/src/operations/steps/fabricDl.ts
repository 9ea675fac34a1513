import type { FabricDlStep } from '@outpost/shared';
import { isRecord } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { sourcesOf } from '../downloadSources.js';
import { downloadToFile, parseHttpUrl } from '../downloadToFile.js';
import { fetchJson } from '../fetchJson.js';
import { shownPath, stepPath } from '../stepPath.js';

/**
 * Downloads the newest stable Fabric installer jar to targetFile; the template then runs it
 * (java -jar <targetFile> server ...) in a command step, as Fabric documents.
 */
export async function fabricDl(step: FabricDlStep, ctx: OperationContext): Promise<void> {
  const target = await stepPath(ctx, step.targetFile);
  const list = await fetchJson(sourcesOf(ctx).fabricInstallers, ctx);
  const installers = Array.isArray(list) ? list.filter((entry): entry is Record<string, unknown> => isRecord(entry) && typeof entry.url === 'string') : [];
  const chosen = installers.find((entry) => entry.stable === true) ?? installers[0];
  if (!chosen) throw new StepFailure('no Fabric installer is listed');

  const version = typeof chosen.version === 'string' ? ` ${chosen.version}` : '';
  ctx.log(`Downloading the Fabric installer${version} to ${shownPath(target)}`);
  await downloadToFile(parseHttpUrl(chosen.url as string), ctx.files, target, ctx, { log: ctx.log });
}
