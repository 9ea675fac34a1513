import { addAbortSignal, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ServerFiles } from '../files/ServerFiles.js';
import { StepFailure } from './StepFailure.js';

export const MAX_REDIRECTS = 10;

/** Parses an http(s) URL, refusing every other scheme (file:, data:, ...). */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StepFailure(`not a valid URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new StepFailure(`only http and https downloads are allowed: ${text}`);
  return url;
}

/**
 * GETs a URL following at most MAX_REDIRECTS redirects (each checked to stay http/https) and
 * answers the final 2xx response; anything else is a StepFailure naming the status.
 */
export async function fetchFollowing(url: URL, signal: AbortSignal): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new StepFailure(`too many redirects (more than ${MAX_REDIRECTS}) for ${url.href}`);
      current = parseHttpUrl(new URL(location, current).href);
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw new StepFailure(`${current.href} answered HTTP ${response.status}${response.statusText ? ' ' + response.statusText : ''}`);
    }
    return response;
  }
}

/**
 * Streams a URL to `path` in the server folder through its jail: the body goes to a temp file
 * chunk by chunk, never whole into memory, and is renamed into place only once complete, so a
 * failed or cancelled download leaves no half file behind. Answers the number of bytes written.
 */
export async function downloadToFile(url: URL, files: ServerFiles, path: string, signal: AbortSignal): Promise<number> {
  const response = await fetchFollowing(url, signal);
  const body = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  await files.write(path, addAbortSignal(signal, body));
  return (await files.info(path, true)).size;
}
