import { isIP } from 'node:net';
import { DEFAULT_PORT_HOST, OutpostError, parsePortBinding } from '@outpost/shared';

export interface DockerPorts {
  ExposedPorts: Record<string, object>;
  PortBindings: Record<string, { HostIp: string; HostPort: string }[]>;
}

/**
 * Turns the template's port bindings ("host:outsidePort:insidePort/protocol") into the engine's
 * form. The host "{ip}" means every address of the node; any other host must be an IP address,
 * since the engine binds to addresses, not names.
 */
export function toDockerPorts(bindings: readonly string[] = []): DockerPorts {
  const ports: DockerPorts = { ExposedPorts: {}, PortBindings: {} };
  for (const text of bindings) {
    const binding = parsePortBinding(text);
    if (!binding) throw invalid(text, 'expected host:outsidePort:insidePort/protocol with ports 1-65535 and tcp or udp');
    const host = binding.host.replace(/^\[(.*)\]$/, '$1');
    if (host !== DEFAULT_PORT_HOST && isIP(host) === 0) throw invalid(text, `host ${binding.host} is not an IP address`);
    const key = `${binding.insidePort}/${binding.protocol}`;
    ports.ExposedPorts[key] = {};
    (ports.PortBindings[key] ??= []).push({
      HostIp: host === DEFAULT_PORT_HOST ? '' : host,
      HostPort: String(binding.outsidePort),
    });
  }
  return ports;
}

function invalid(text: string, why: string): OutpostError {
  return new OutpostError('ErrOperationFailed', `invalid docker port binding "${text}": ${why}`, {
    field: 'portBindings',
    value: text,
  });
}
