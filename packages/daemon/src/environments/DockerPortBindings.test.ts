import { describe, expect, it } from 'vitest';
import { toDockerPorts } from './DockerPortBindings.js';

describe('docker port bindings', () => {
  it('publishes on every address for {ip} and on one address when given', () => {
    const ports = toDockerPorts(['{ip}:25565:25565/tcp', '127.0.0.1:8080:80', '0.0.0.0:19132:19132/udp', '[::1]:9000:9000']);
    expect(ports.ExposedPorts).toEqual({ '25565/tcp': {}, '80/tcp': {}, '19132/udp': {}, '9000/tcp': {} });
    expect(ports.PortBindings).toEqual({
      '25565/tcp': [{ HostIp: '', HostPort: '25565' }],
      '80/tcp': [{ HostIp: '127.0.0.1', HostPort: '8080' }],
      '19132/udp': [{ HostIp: '0.0.0.0', HostPort: '19132' }],
      '9000/tcp': [{ HostIp: '::1', HostPort: '9000' }],
    });
  });

  it('takes {ip} and tcp when host and protocol are left out', () => {
    expect(toDockerPorts(['7777:7778']).PortBindings).toEqual({ '7778/tcp': [{ HostIp: '', HostPort: '7777' }] });
  });

  it('publishes one inside port on several outside ports', () => {
    expect(toDockerPorts(['80:80', '8080:80']).PortBindings['80/tcp']).toHaveLength(2);
  });

  it.each([
    ['25565', 'expected host:outsidePort:insidePort/protocol'],
    ['{ip}:70000:25565/tcp', 'ports 1-65535'],
    ['{ip}:25565:25565/sctp', 'tcp or udp'],
    ['example.com:80:80', 'not an IP address'],
    ['{ip}:a:80', 'expected host:outsidePort:insidePort/protocol'],
  ])('refuses %s with a clear error', (text, why) => {
    expect(() => toDockerPorts([text])).toThrow(expect.objectContaining({ code: 'ErrOperationFailed', message: expect.stringContaining(why) }));
    expect(() => toDockerPorts([text])).toThrow(text);
  });
});
