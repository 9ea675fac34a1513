import { describe, expect, it } from 'vitest';
import { countLines, markDaemonLines } from './consoleText';

describe('console text', () => {
  it('marks lines that start with [DAEMON]', () => {
    const marked = markDaemonLines('[DAEMON] Installing\nplain\n[DAEMON] Done\n', true);
    // eslint-disable-next-line no-control-regex -- the marker ends with an ANSI reset (ESC [0m)
    expect(marked.match(/DAEMON \x1b\[0m/g)).toHaveLength(2);
    expect(marked).not.toContain('[DAEMON]');
    expect(marked).toContain('plain\n');
  });

  it('leaves [DAEMON] alone in the middle of a line split across chunks', () => {
    expect(markDaemonLines('[DAEMON] x', false)).toBe('[DAEMON] x');
  });

  it('counts lines for the paused badge', () => {
    expect(countLines('a\nb\nc')).toBe(2);
    expect(countLines('')).toBe(0);
  });
});
