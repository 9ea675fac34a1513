import { describe, expect, it } from 'vitest';
import { textOf } from './textOf';

describe('textOf', () => {
  it('reads UTF-8 text, accents and emoji included', () => {
    expect(textOf(new TextEncoder().encode('motd=Grüße 🎮\n'))).toBe('motd=Grüße 🎮\n');
    expect(textOf(new Uint8Array())).toBe('');
  });

  it('refuses a file with a NUL byte, or bytes that are not UTF-8, as binary', () => {
    expect(textOf(Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00]))).toBeNull();
    expect(textOf(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe]))).toBeNull();
  });
});
