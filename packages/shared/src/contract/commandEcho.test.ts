import { describe, expect, it } from 'vitest';
import { COMMAND_ECHO, commandEcho } from './commandEcho.js';

describe('the echo of a console command', () => {
  it('marks each line as input, naming the sender, and reads back through COMMAND_ECHO', () => {
    expect(commandEcho('say hi', 'alice')).toBe('[INPUT alice] say hi\n');
    expect(commandEcho('say hi')).toBe('[INPUT] say hi\n');
    expect(commandEcho('list\nsay a\r\n\n')).toBe('[INPUT] list\n[INPUT] say a\n');
    expect(COMMAND_ECHO.exec('[INPUT deploy bot] say hi')?.slice(1)).toEqual(['deploy bot', 'say hi']);
    expect(COMMAND_ECHO.exec('[INPUT] say hi')?.slice(1)).toEqual([undefined, 'say hi']);
  });

  it('cannot restyle the viewers\' terminals or end the marker early', () => {
    expect(commandEcho('say \x1b[31mred', 'a]b\x1b[2J')).toBe('[INPUT ab [2J] say  [31mred\n');
    expect(commandEcho('   ', 'alice')).toBe('');
  });
});
