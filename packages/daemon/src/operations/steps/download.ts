import type { DownloadStep } from '@outpost/shared';
import { substitute } from '@outpost/shared';
import type { OperationContext } from '../OperationContext.js';
import { StepFailure } from '../StepFailure.js';
import { downloadToFile, parseHttpUrl } from '../downloadToFile.js';
import { shownPath, stepPath } from '../stepPath.js';

/** The file name a URL downloads to: its last path segment, decoded. */
export function fileNameOf(url: URL): string {
  const segment = url.pathname.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    name = segment;
  }
  if (name === '' || name === '.' || name === '..' || /[\\/\0]/.test(name)) {
    throw new StepFailure(`cannot name a file after ${url.href}: its path has no file name`);
  }
  return name;
}

/** Downloads each URL into the server folder, named after the URL's last path segment. */
export async function download(step: DownloadStep, ctx: OperationContext): Promise<void> {
  for (const file of step.files) {
    const url = parseHttpUrl(substitute(file, ctx.variables));
    const target = await stepPath(ctx, fileNameOf(url));
    ctx.log(`Downloading ${url.href} to ${shownPath(target)}`);
    // Progress every 10 % and the size at the end come from downloadToFile.
    await downloadToFile(url, ctx.files, target, ctx, { log: ctx.log });
  }
}
