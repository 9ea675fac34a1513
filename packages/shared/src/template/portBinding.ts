import { DEFAULT_PORT_HOST, DEFAULT_PORT_PROTOCOL } from './types.js';

export interface PortBinding {
  host: string;
  outsidePort: number;
  insidePort: number;
  protocol: 'tcp' | 'udp';
}

// host is optional and may itself hold colons (IPv6), so it is everything before the last two numbers.
const pattern = /^(?:(.+):)?(\d{1,5}):(\d{1,5})(?:\/(tcp|udp))?$/;

/** Reads "host:outsidePort:insidePort/protocol" (host and protocol optional); undefined when malformed. */
export function parsePortBinding(text: string): PortBinding | undefined {
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const outsidePort = Number(match[2]);
  const insidePort = Number(match[3]);
  if (outsidePort < 1 || outsidePort > 65535 || insidePort < 1 || insidePort > 65535) return undefined;
  return {
    host: match[1] ?? DEFAULT_PORT_HOST,
    outsidePort,
    insidePort,
    protocol: (match[4] as 'tcp' | 'udp' | undefined) ?? DEFAULT_PORT_PROTOCOL,
  };
}
