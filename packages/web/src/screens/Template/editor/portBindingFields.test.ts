import { describe, expect, it } from 'vitest';
import { parsePortBinding } from '@outpost/shared';
import { newPortBinding, portBindingText, portFieldsOf } from './portBindingFields';

describe('a port binding in its form', () => {
  it('starts with the default host and protocol and refuses to save until both ports are set', () => {
    const fields = portFieldsOf(newPortBinding);
    expect(fields).toEqual({ host: '{ip}', outsidePort: '', insidePort: '', protocol: 'tcp' });
    expect(parsePortBinding(newPortBinding)).toBeUndefined();
    expect(parsePortBinding(portBindingText({ ...fields!, outsidePort: 25565 }))).toBeUndefined();
    expect(portBindingText({ ...fields!, outsidePort: 25565, insidePort: 25566, protocol: 'udp' })).toBe('{ip}:25565:25566/udp');
  });

  it('reads a stored binding into its fields and writes it back the same', () => {
    for (const text of ['{ip}:27015:27015/udp', '0.0.0.0:80:8080/tcp', '::1:80:80/tcp']) expect(portBindingText(portFieldsOf(text)!)).toBe(text);
    // The short forms take the defaults.
    expect(portFieldsOf('25565:25565')).toEqual({ host: '{ip}', outsidePort: 25565, insidePort: 25565, protocol: 'tcp' });
  });

  it('leaves a text that is not a binding to be fixed as text', () => {
    expect(portFieldsOf('{ip}:25565/tcp')).toBeNull();
    expect(portFieldsOf('a:b:c')).toBeNull();
  });
});
