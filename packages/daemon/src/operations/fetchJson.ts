import { OutpostError } from '@outpost/shared';
import { readLimited } from '../system/outboundGuard.js';
import { StepFailure } from './StepFailure.js';
import { fetchFollowing, parseHttpUrl, type FetchContext } from './downloadToFile.js';

/** Metadata documents are small; a larger answer is a wrong URL, not something to parse. */
const MAX_JSON_BYTES = 16 * 1024 * 1024;

/** GETs a JSON document (through the node's guard, redirects followed as for downloads), reading at most MAX_JSON_BYTES. */
export async function fetchJson(url: string, ctx: FetchContext): Promise<unknown> {
  const response = await fetchFollowing(parseHttpUrl(url), ctx);
  const text = await readLimited(response, MAX_JSON_BYTES).catch((error: unknown) => {
    if (error instanceof OutpostError && error.code === 'ErrFileTooLarge') throw new StepFailure(`${url} is too large for a metadata document`);
    throw error;
  });
  try {
    return JSON.parse(text);
  } catch {
    throw new StepFailure(`${url} did not answer JSON`);
  }
}
