import { describe, expect, it } from 'vitest';
import { serverAddress } from './servers';

const node = { id: 1, name: 'local', publicHost: 'play.example.com', sftpPort: 5657 };

describe('serverAddress', () => {
  it('uses the ip, with the port when there is one', () => {
    expect(serverAddress({ ip: '10.0.0.5', port: 25565, node })).toBe('10.0.0.5:25565');
    expect(serverAddress({ ip: '10.0.0.5', port: null, node })).toBe('10.0.0.5');
  });

  it('falls back to the node public host when the ip is empty or {ip}', () => {
    expect(serverAddress({ ip: '', port: 25565, node })).toBe('play.example.com:25565');
    expect(serverAddress({ ip: '{ip}', port: null, node })).toBe('play.example.com');
  });
});
