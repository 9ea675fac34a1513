import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { OutpostError } from '@outpost/shared';
import { Agent, buildConnector } from 'undici';

/**
 * The one private-address guard: every outbound request the panel or a daemon makes on a user's
 * behalf (template repositories, download steps, vendor downloads) goes through an OutboundGuard.
 * It decides on the address actually dialled: the name is resolved once, every address checked,
 * and the connection made to the checked address, so a second DNS answer cannot swap it.
 */

const MAX_REDIRECTS = 10;
const CONNECT_TIMEOUT_MS = 10_000;

/** Loopback, link-local (with the cloud metadata address), RFC 1918, CGNAT, unspecified, documentation, multicast, reserved. */
const refusedRanges: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  // Unspecified, loopback and the old IPv4-compatible form.
  ['::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  // IETF assignments, Teredo among them.
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  // Unique-local, link-local, the old site-local, multicast.
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];
const refused = new BlockList();
for (const [net, prefix, type] of refusedRanges) refused.addSubnet(net, prefix, type);

/** The eight 16-bit words of a valid IPv6 address (a dotted IPv4 tail included). */
function ipv6Words(address: string): number[] {
  const text = address
    .replace(/%.*$/, '')
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a: string, b: string, c: string, d: string) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`);
  const [head, tail] = text.split('::');
  const words = (part: string | undefined) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const start = words(head);
  const end = words(tail);
  return [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/** The IPv4 address an IPv6 one carries and reaches (IPv4-mapped, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const w = ipv6Words(address);
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff) return v4(w[6], w[7]);
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0)) return v4(w[6], w[7]);
  if (w[0] === 0x2002) return v4(w[1], w[2]);
  return undefined;
}

/**
 * Whether an outbound connection may go to `address` (an IP literal): a public address always,
 * a private one (loopback, link-local, RFC 1918, unique-local, CGNAT, ...) only inside `allowed`.
 * An IPv6 address carrying an IPv4 one is judged by that too, so ::ffff:127.0.0.1 is loopback.
 */
export function isAllowedTarget(address: string, allowed: BlockList): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  const isPrivate = refused.check(address, type) || (inner !== undefined && refused.check(inner, 'ipv4'));
  if (!isPrivate) return true;
  return allowed.check(address, type) || (inner !== undefined && allowed.check(inner, 'ipv4'));
}

/**
 * Reads a comma-separated list of CIDR ranges (a bare address is a range of one), as the setting
 * panel.security.allowPrivateTargets and a daemon file's allowPrivateTargets hold it. A bad entry
 * is ErrFieldIsInvalidIP on `field`.
 */
export function parseAllowedTargets(text: string, field = 'allowPrivateTargets'): BlockList {
  const list = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([0-9A-Fa-f:.]+)(?:\/(\d{1,3}))?$/.exec(entry);
    const family = match ? isIP(match[1]) : 0;
    const max = family === 4 ? 32 : 128;
    const prefix = match?.[2] === undefined ? max : Number(match[2]);
    if (!match || family === 0 || prefix > max) {
      throw new OutpostError('ErrFieldIsInvalidIP', `${entry} is not an address range such as 10.0.0.0/8 or fd00::/8`, { field, value: entry });
    }
    list.addSubnet(match[1], prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** Parses an http(s) URL, refusing every other scheme (file:, data:, ...) with ErrFieldIsInvalidHost. */
export function outboundUrl(target: string | URL): URL {
  let url: URL | undefined;
  try {
    url = new URL(target);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new OutpostError('ErrFieldIsInvalidHost', `only http and https downloads are allowed: ${String(target)}`, { url: String(target) });
  }
  return url;
}

export interface OutboundGuardOptions {
  /** The allowed private ranges (CIDR list), read for each connection so a saved setting counts at once. */
  allowed: () => string | Promise<string>;
  /** Where an admin allows a range, for the refusal's message. */
  allowedIn: string;
  /** Resolves a host name to its addresses (tests); default the system resolver, every address. */
  resolve?: (hostname: string) => Promise<string[]>;
}

async function systemResolve(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/** The guard itself; see the top of this file. */
export class OutboundGuard {
  // Connection: close on every request (pipelining 0), so no kept socket skips the check.
  private readonly dispatcher: Agent;

  constructor(private readonly options: OutboundGuardOptions) {
    const dial = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
    this.dispatcher = new Agent({
      pipelining: 0,
      connect: (opts, callback) => {
        this.pin(opts.hostname).then(
          // `host` keeps the name, so TLS still checks the certificate against it.
          (address) => dial({ ...opts, hostname: address }, callback),
          (error: Error) => callback(error, null),
        );
      },
    });
  }

  /** The address to dial for `hostname`: resolved once, every address checked, else ErrPrivateTarget. */
  async pin(hostname: string): Promise<string> {
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) ? [host] : await (this.options.resolve ?? systemResolve)(host);
    const allowed = parseAllowedTargets(await this.options.allowed());
    const bad = addresses.find((address) => !isAllowedTarget(address, allowed));
    if (bad !== undefined || addresses.length === 0) {
      const named = bad === host ? host : `${host} (${bad ?? 'no address'})`;
      throw new OutpostError('ErrPrivateTarget', `${named} is a private or local address, which the panel does not fetch from; an admin can allow its range in ${this.options.allowedIn}`, { host, address: bad });
    }
    return addresses[0];
  }

  /**
   * GETs a URL, following at most `maxRedirects` redirects by hand (each must stay http/https, and
   * each hop's connection is checked again); answers the first response that is not a redirect.
   * A POST (webhook deliveries) sends its body and headers to each hop; give it maxRedirects 0.
   */
  async fetch(target: string | URL, init: { signal?: AbortSignal; maxRedirects?: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
    const start = outboundUrl(target);
    const maxRedirects = init.maxRedirects ?? MAX_REDIRECTS;
    let current = start;
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        // Node's fetch declares its dispatcher with its own copy of undici's types.
        const dispatcher: unknown = this.dispatcher;
        response = await fetch(current, { redirect: 'manual', signal: init.signal, method: init.method, headers: init.headers, body: init.body, dispatcher } as RequestInit);
      } catch (error) {
        // A refusal reaches fetch as the cause of "fetch failed": give the reason instead.
        const cause = (error as { cause?: unknown }).cause;
        throw cause instanceof OutpostError ? cause : error;
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || !location) return response;
      await response.body?.cancel();
      if (hop >= maxRedirects) throw new OutpostError('ErrServiceNotAvailable', `too many redirects (more than ${maxRedirects}) for ${start.href}`, { url: start.href });
      current = outboundUrl(new URL(location, current).href);
    }
  }
}

/** What a capped read may still take, shared by several reads (e.g. a whole repository listing). */
export interface ByteBudget {
  left: number;
}

/**
 * Reads a response body as text, giving up (and closing the connection) once it passes
 * `maxBytes` or what is left of `budget`, with ErrFileTooLarge: an endless answer costs no memory.
 */
export async function readLimited(response: Response, maxBytes: number, budget: ByteBudget = { left: Infinity }): Promise<string> {
  const limit = Math.min(maxBytes, budget.left);
  const tooLarge = () => new OutpostError('ErrFileTooLarge', `${response.url || 'the answer'} is larger than ${limit} bytes`, { url: response.url, max: limit }, 400);
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      budget.left -= value.length;
      // The budget may be shared with reads running beside this one.
      if (total > maxBytes || budget.left < 0) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}
