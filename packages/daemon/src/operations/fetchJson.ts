import { StepFailure } from './StepFailure.js';
import { fetchFollowing, parseHttpUrl } from './downloadToFile.js';

/** Metadata documents are small; a larger answer is a wrong URL, not something to parse. */
const MAX_JSON_BYTES = 16 * 1024 * 1024;

/** GETs a JSON document (redirects followed as for downloads). */
export async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const response = await fetchFollowing(parseHttpUrl(url), signal);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_JSON_BYTES) {
    await response.body?.cancel();
    throw new StepFailure(`${url} is too large for a metadata document`);
  }
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new StepFailure(`${url} did not answer JSON`);
  }
}
