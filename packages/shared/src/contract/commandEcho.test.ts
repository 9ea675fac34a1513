import { describe, expect, it } from 'vitest';
import { commandEcho } from './commandEcho.js';

describe('the echo of a console command', () => {
  it('marks each line as input, naming the sender', () => {
    expect(commandEcho('say hi', 'alice')).toBe('[INPUT alice] say hi\n');
    expect(commandEcho('say hi')).toBe('[INPUT] say hi\n');
    expect(commandEcho('list\nsay a\r\n\n')).toBe('[INPUT] list\n[INPUT] say a\n');
  });

  it('cannot restyle the viewers\' terminals or end the marker early', () => {
    expect(commandEcho('say \x1b[31mred', 'a]b\x1b[2J')).toBe('[INPUT ab [2J] say  [31mred\n');
    expect(commandEcho('   ', 'alice')).toBe('');
  });
});
