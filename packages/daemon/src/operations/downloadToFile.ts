import { createHash } from 'node:crypto';
import { addAbortSignal, pipeline, Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ServerFiles } from '../files/ServerFiles.js';
import { OutboundGuard } from '../system/outboundGuard.js';
import type { OperationContext } from './OperationContext.js';
import { StepFailure } from './StepFailure.js';

/** What a step's fetch needs: the run's signal and the node's private-address guard. */
export type FetchContext = Pick<OperationContext, 'signal' | 'outbound' | 'sources'>;

/** A file larger than this is no game or tool download: the step stops reading (10 GiB). */
export const MAX_DOWNLOAD_BYTES = 10 * 1024 ** 3;

const refuseEveryPrivateTarget = new OutboundGuard({ allowed: () => '', allowedIn: 'the node\'s allowPrivateTargets' });

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
 * GETs a URL through the node's private-address guard, which follows redirects (each hop
 * checked again), and answers the final 2xx response; anything else is a StepFailure naming the status.
 */
export async function fetchFollowing(url: URL, ctx: FetchContext): Promise<Response> {
  const response = await (ctx.outbound ?? refuseEveryPrivateTarget).fetch(url, { signal: ctx.signal });
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel();
    throw new StepFailure(`${response.url || url.href} answered HTTP ${response.status}${response.statusText ? ' ' + response.statusText : ''}`);
  }
  return response;
}

/** What a download checks and reports on its way to disk. */
export interface DownloadChecks {
  /** A progress line every 10 % (or every 10 MiB when the size is not announced). */
  log?: (line: string) => void;
  /** The digest the upstream published: the file is refused (and never lands) when it differs. */
  checksum?: { algorithm: 'sha1' | 'sha256'; hex: string };
  /** The most bytes read before the download is refused (default MAX_DOWNLOAD_BYTES). */
  maxBytes?: number;
}

const MiB = 1024 * 1024;

/**
 * Counts, hashes and reports the bytes going by; at the end refuses a body shorter than its
 * Content-Length or with the wrong digest, so the write fails and its temp file goes.
 */
function checker(url: URL, total: number, checks: DownloadChecks, counted: { bytes: number }): Transform {
  const hash = checks.checksum && createHash(checks.checksum.algorithm);
  let received = 0;
  let reported = 0;
  const name = url.pathname.split('/').pop() || url.host;
  const max = checks.maxBytes ?? MAX_DOWNLOAD_BYTES;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      counted.bytes = received;
      if (received > max) return callback(new StepFailure(`the download of ${url.href} is larger than ${max} bytes`));
      hash?.update(chunk);
      if (checks.log) {
        const step = total > 0 ? Math.floor((received / total) * 10) : Math.floor(received / (10 * MiB));
        if (step > reported && (total === 0 || received < total)) {
          reported = step;
          checks.log(total > 0 ? `Downloading ${name}: ${step * 10} % (${mib(received)} of ${mib(total)})` : `Downloading ${name}: ${mib(received)}`);
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (total > 0 && received < total) return callback(new StepFailure(`the download of ${url.href} was cut short after ${received} of ${total} bytes`));
      if (hash && checks.checksum) {
        const actual = hash.digest('hex');
        if (actual !== checks.checksum.hex.toLowerCase()) {
          return callback(new StepFailure(`the download of ${url.href} does not match its ${checks.checksum.algorithm === 'sha1' ? 'SHA-1' : 'SHA-256'} checksum (expected ${checks.checksum.hex}, got ${actual})`));
        }
      }
      checks.log?.(`Downloaded ${name} (${mib(received)})`);
      callback();
    },
  });
}

function mib(bytes: number): string {
  return `${(bytes / MiB).toFixed(1)} MiB`;
}

/**
 * Streams a URL to `path` in the server folder through its jail: the body goes to a temp file
 * chunk by chunk, never whole into memory, and is renamed into place only once complete and
 * checked (length, checksum), so a failed, cut or cancelled download leaves no half file behind.
 * Answers the number of bytes written.
 */
export async function downloadToFile(url: URL, files: ServerFiles, path: string, ctx: FetchContext, checks: DownloadChecks = {}): Promise<number> {
  const { signal } = ctx;
  const response = await fetchFollowing(url, ctx);
  const total = Number(response.headers.get('content-length') ?? 0) || 0;
  const max = checks.maxBytes ?? MAX_DOWNLOAD_BYTES;
  if (total > max) {
    await response.body?.cancel();
    throw new StepFailure(`the download of ${url.href} is larger than ${max} bytes`);
  }
  const body = response.body ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) : Readable.from([]);
  let cut: Error | undefined;
  const counted = { bytes: 0 };
  const checked = pipeline(addAbortSignal(signal, body), checker(url, total, checks, counted), (error) => {
    if (error) cut = error;
  });
  try {
    await files.write(path, checked);
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof StepFailure) throw error;
    // The connection ended early (the server closed it, a proxy gave up): say so, not undici's "terminated".
    if (cut && !(cut instanceof StepFailure)) {
      const of = total > 0 ? ` of ${total}` : '';
      throw new StepFailure(`the download of ${url.href} was cut short after ${counted.bytes}${of} bytes (${cut.message})`);
    }
    throw error;
  }
  return (await files.info(path, true)).size;
}
