import { describe, expect, it } from 'vitest';
import { parseCommand } from './parseCommand.js';

describe('parseCommand', () => {
  it('splits words on whitespace', () => {
    expect(parseCommand('java  -Xmx1G -jar server.jar nogui')).toEqual(['java', '-Xmx1G', '-jar', 'server.jar', 'nogui']);
  });
  it('keeps quoted spaces and empty quoted words', () => {
    expect(parseCommand(`run "a b" 'c "d"' "" x\\ y`)).toEqual(['run', 'a b', 'c "d"', '', 'x y']);
  });
  it('honours escapes inside double quotes only for quote and backslash', () => {
    expect(parseCommand('echo "say \\"hi\\" \\n"')).toEqual(['echo', 'say "hi" \\n']);
  });
  it('takes a list as it is', () => {
    expect(parseCommand(['node', 'a b.js'])).toEqual(['node', 'a b.js']);
  });
});
